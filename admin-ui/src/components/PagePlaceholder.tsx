import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { ROUTES, adminUrl } from '../routes';
import { BackIcon } from './DirectionalIcons';
import { PageTitle } from './PageTitle';
import { UnderConstructionNote } from './UnderConstructionNote';

interface PagePlaceholderProps {
  /** ar.ts key prefix of the page, e.g. 'app.page.requests' (uses .title and .description). */
  page: string;
  icon: ReactNode;
}

/**
 * Stand-in for a screen not built yet: the page's title, what it will hold, and
 * «هذه الصفحة قيد الإنشاء». Replace the page component's body, keep its route.
 */
export const PagePlaceholder = ({ page, icon }: PagePlaceholderProps) => {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 880, marginBlockStart: 1 }}>
      <PageTitle title={`${page}.title`} />
      <Card>
        <CardContent sx={{ padding: { xs: 2.5, sm: 4 }, '&:last-child': { paddingBlockEnd: { xs: 2.5, sm: 4 } } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, marginBlockEnd: 2 }}>
            <Box
              aria-hidden
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 52,
                height: 52,
                borderRadius: '12px',
                flexShrink: 0,
                color: 'primary.main',
                bgcolor: 'primary.tint',
                '& svg': { fontSize: 28 },
              }}
            >
              {icon}
            </Box>
            <Typography variant="h5" component="h1">
              {translate(`${page}.title`)}
            </Typography>
          </Box>
          <Typography color="text.secondary" sx={{ marginBlockEnd: 3 }}>
            {translate(`${page}.description`)}
          </Typography>
          <UnderConstructionNote />
          <Box sx={{ marginBlockStart: 3 }}>
            <Link to={adminUrl(ROUTES.dashboard)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}>
              <BackIcon fontSize="small" />
              {translate('app.back_to_dashboard')}
            </Link>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};
