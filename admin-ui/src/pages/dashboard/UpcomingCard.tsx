import type { ReactElement } from 'react';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

interface UpcomingCardProps {
  /** ar.ts key prefix under app.dashboard.upcoming (uses .title and .description). */
  name: string;
  icon: ReactElement;
  /** Heading level of the card title; h3 inside a titled group, h2 on its own. */
  headingLevel?: 'h2' | 'h3';
}

/** Reserved slot on the dashboard for a card whose screen is not built yet. */
export const UpcomingCard = ({ name, icon, headingLevel = 'h3' }: UpcomingCardProps) => {
  const translate = useTranslate();
  return (
    <Card component="section" sx={{ height: '100%', borderStyle: 'dashed', boxShadow: 'none', bgcolor: 'rgba(255,255,255,0.6)' }}>
      <CardContent sx={{ display: 'flex', gap: 1.5, padding: 2.5, '&:last-child': { paddingBlockEnd: 2.5 } }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: '10px',
            bgcolor: 'secondary.tint',
            color: 'secondary.dark',
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', marginBlockEnd: 0.5 }}>
            <Typography variant="subtitle1" component={headingLevel}>
              {translate(`app.dashboard.upcoming.${name}.title`)}
            </Typography>
            <Chip size="small" label={translate('app.coming_soon')} variant="outlined" sx={{ height: 22 }} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {translate(`app.dashboard.upcoming.${name}.description`)}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
};
