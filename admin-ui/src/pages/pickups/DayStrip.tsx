import { Box, ButtonBase, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LoadFailed } from '../../components/LoadFailed';
import { Ltr } from '../../components/Ltr';
import { dayMonthOf, visuallyHidden, weekdayOf } from './pickupFormat';
import { usePickupStrip } from './pickupsApi';

/**
 * The next 14 days as buttons: each day's pickups against the daily capacity, full days marked in red
 * with the word «مكتمل» (never colour alone); a tap opens that day. Scrolls sideways on a phone.
 */
export const DayStrip = ({ from, selected, onSelect }: { from: string; selected: string; onSelect: (date: string) => void }) => {
  const translate = useTranslate();
  const { data, isPending, isError, refetch } = usePickupStrip(from);
  if (isPending) return <Skeleton variant="rounded" height={92} />;
  if (isError || !data) return <LoadFailed message="app.pickups.load_failed" onRetry={refetch} />;
  return (
    <Box
      component="nav"
      aria-label={translate('app.pickups.strip_label')}
      className="no-print"
      sx={{
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: { xs: '84px', md: 'minmax(0, 1fr)' },
        gap: 1,
        overflowX: 'auto',
        paddingBlockEnd: 0.5,
        scrollSnapType: 'x proximity',
      }}
    >
      {data.days.map((day) => {
        const active = day.date === selected;
        return (
          <ButtonBase
            key={day.date}
            onClick={() => onSelect(day.date)}
            aria-pressed={active}
            data-date={day.date}
            data-full={day.full || undefined}
            sx={{
              display: 'grid',
              justifyItems: 'center',
              gap: 0.25,
              minHeight: 84,
              paddingBlock: 1,
              paddingInline: 0.5,
              borderRadius: 2,
              border: 2,
              scrollSnapAlign: 'start',
              borderColor: day.full ? 'error.main' : active ? 'primary.main' : 'divider',
              bgcolor: active ? 'primary.main' : day.full ? '#fdecea' : 'background.paper',
              color: active ? 'primary.contrastText' : 'text.primary',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
            }}
          >
            <Typography component="span" variant="caption" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {weekdayOf(day.date)}
            </Typography>
            <Typography component="span" variant="caption" sx={{ lineHeight: 1.3, whiteSpace: 'nowrap' }}>
              {dayMonthOf(day.date)}
            </Typography>
            <Typography component="span" variant="body2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              <Box component="span" sx={visuallyHidden}>
                {translate('app.pickups.strip_count')}{' '}
              </Box>
              <Ltr>{data.capacity === null ? day.count : `${day.count}/${data.capacity}`}</Ltr>
            </Typography>
            {day.full ? (
              <Typography
                component="span"
                variant="caption"
                sx={{ fontWeight: 700, lineHeight: 1.3, color: active ? 'inherit' : 'error.dark' }}
              >
                {translate('app.pickups.full')}
              </Typography>
            ) : null}
          </ButtonBase>
        );
      })}
    </Box>
  );
};
