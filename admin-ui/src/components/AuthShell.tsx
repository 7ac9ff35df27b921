import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { loginAr } from '../i18n/ar-login';
import { BrandMark } from './BrandMark';

interface AuthShellProps {
  /** Heading of the card (already translated). */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * Page frame for the screens reached without a session: login and password reset. Without react-admin
 * (the light login page uses it too): the charity's name straight from the catalogue.
 */
export const AuthShell = ({ title, subtitle, children, footer }: AuthShellProps) => {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        paddingInline: 2,
        paddingBlock: { xs: 4, sm: 6 },
        background: 'linear-gradient(180deg, #e4efe7 0%, #f6f4ee 55%, #f6f4ee 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, marginBlockEnd: 3 }}>
          <BrandMark size={64} />
          <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.05rem', color: 'primary.dark' }}>
            {loginAr.name}
          </Typography>
        </Box>
        <Card>
          <CardContent sx={{ padding: { xs: 3, sm: 4 }, '&:last-child': { paddingBlockEnd: { xs: 3, sm: 4 } } }}>
            <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
              {title}
            </Typography>
            {subtitle ? (
              <Typography color="text.secondary" sx={{ textAlign: 'center', marginBlockStart: 0.5 }}>
                {subtitle}
              </Typography>
            ) : null}
            <Box sx={{ marginBlockStart: 3 }}>{children}</Box>
          </CardContent>
        </Card>
        {footer ? <Box sx={{ marginBlockStart: 2.5, textAlign: 'center' }}>{footer}</Box> : null}
      </Box>
    </Box>
  );
};
