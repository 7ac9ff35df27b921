import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';

interface AdminCardProps {
  /** id of the heading (the card is labelled by it). */
  id: string;
  title: string;
  icon: ReactNode;
  /** A chip or short status beside the title. */
  badge?: ReactNode;
  children: ReactNode;
}

/** Frame of an administration card on the dashboard: icon, title, optional status chip, content. */
export const AdminCard = ({ id, title, icon, badge, children }: AdminCardProps) => (
  <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
    <CardContent sx={{ padding: 2.5, '&:last-child': { paddingBlockEnd: 2.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, marginBlockEnd: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: '10px',
            bgcolor: 'primary.tint',
            color: 'primary.main',
          }}
        >
          {icon}
        </Box>
        <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {badge}
      </Box>
      {children}
    </CardContent>
  </Card>
);
