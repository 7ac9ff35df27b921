import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import SavedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import { useTranslate } from 'react-admin';
import type { CompletedFigures } from '@shared/api/pickups';
import { formatGregorianAr } from '@shared/arabic-date';
import { Ltr } from '../../../components/Ltr';
import { useDaySummary } from '../../pickups/pickupsApi';

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

const Figure = ({ value, label }: { value: number; label: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography component="p" sx={{ fontSize: { xs: '1.5rem', sm: '1.8rem' }, fontWeight: 700, lineHeight: 1.2, color: 'primary.dark' }}>
      <Ltr>{numbers.format(value)}</Ltr>
    </Typography>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
  </Box>
);

const Period = ({ title, figures }: { title: string; figures: CompletedFigures }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={title} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, padding: 1.5, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ marginBlockEnd: 1 }}>
        {translate('app.day.range', { from: formatGregorianAr(figures.from), to: formatGregorianAr(figures.to) })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
        <Figure value={figures.completed} label={translate('app.day.completed')} />
        <Figure value={figures.kg} label={translate('app.day.kg')} />
        <Figure value={figures.families} label={translate('app.day.families')} />
      </Box>
    </Box>
  );
};

/** This week's (from Saturday) and this month's completed pickups, the food they saved and the families it feeds. */
export const DayFiguresCard = () => {
  const translate = useTranslate();
  const { data, isPending } = useDaySummary();
  return (
    <Card component="section" aria-labelledby="day-figures-title">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <SavedIcon color="primary" aria-hidden />
          <Typography id="day-figures-title" variant="h6" component="h2">
            {translate('app.day.figures_title')}
          </Typography>
        </Box>
        {isPending || !data ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <Period title={translate('app.day.week')} figures={data.week} />
            <Period title={translate('app.day.month')} figures={data.month} />
          </Box>
        )}
        <Typography variant="caption" color="text.secondary">
          {translate('app.day.figures_note')}
        </Typography>
      </CardContent>
    </Card>
  );
};
