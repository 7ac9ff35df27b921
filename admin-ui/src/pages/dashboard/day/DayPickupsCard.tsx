import { Box, Button, Card, CardContent, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import PickupsIcon from '@mui/icons-material/LocalShippingOutlined';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PickupRow } from '@shared/api/pickups';
import { formatDateWithHijri } from '@shared/arabic-date';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES } from '@shared/labels';
import { Ltr } from '../../../components/Ltr';
import { PhoneLinks, StatusChip } from '../../../resources/requests/fields';
import { DeadlineBadge } from '../../pickups/DeadlineBadge';
import { adminUrl, ROUTES } from '../../../routes';
import { deadlineOf } from '../../pickups/pickupFormat';
import { useDaySummary } from '../../pickups/pickupsApi';
import { LoadFailed } from '../../../components/LoadFailed';

/** Pickups a day shows on the dashboard before «و… غيرها»: the rest are a tap away on the pickups screen. */
const SHOWN = 6;

// Under the admin's basename, with the filter react-admin's list reads from the URL.
const BY_DEADLINE_URL = adminUrl(
  `${ROUTES.requests}?filter=${encodeURIComponent(JSON.stringify({ active: true }))}&sort=collectionDeadline&order=ASC`,
);

const Day = ({ title, date, rows }: { title: string; date: string; rows: PickupRow[] }) => {
  const translate = useTranslate();
  const pickupsUrl = adminUrl(`${ROUTES.pickups}?date=${date}`);
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ marginBlockEnd: 1 }}>
        {title}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {formatDateWithHijri(date)}
        </Typography>
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.day.none')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.slice(0, SHOWN).map((p) => (
            <Box
              component="li"
              key={p.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, padding: 1.25, display: 'grid', gap: 0.5 }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {p.organizerName} <Ltr>#{p.id}</Ltr>
                </Typography>
                <StatusChip status={p.status} />
                <DeadlineBadge deadline={p.collectionDeadline} status={p.status} />
              </Box>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {p.place}
                {p.address ? (
                  <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                    {' '}
                    — {p.address}
                  </Box>
                ) : null}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {p.eventTypeLabel} · {translate('app.pickups.attendees', { count: p.attendeeCount })} · {translate('app.pickups.deadline')}{' '}
                <Ltr>{deadlineOf(p).time}</Ltr>
                {deadlineOf(p).afterMidnight ? ` (${translate('app.pickups.after_midnight')})` : ''}
              </Typography>
              <PhoneLinks phone={p.organizerPhone} />
            </Box>
          ))}
        </Stack>
      )}
      <Link component={RouterLink} to={pickupsUrl} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
        {rows.length > SHOWN ? translate('app.day.more', { count: rows.length - SHOWN }) : translate('app.day.open_pickups')}
      </Link>
    </Box>
  );
};

/**
 * The dashboard's first card (decisions.md "Dashboard order"): today's and tomorrow's pickups with
 * where they are, by collection deadline, and the counters per status; from the one day call.
 */
export const DayPickupsCard = () => {
  const translate = useTranslate();
  const { data, isPending, isError, refetch } = useDaySummary();
  return (
    <Card component="section" aria-labelledby="day-pickups-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, marginBlockEnd: 1.5, flexWrap: 'wrap' }}>
          <PickupsIcon color="primary" aria-hidden />
          <Typography id="day-pickups-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate('app.dashboard.upcoming.collections.title')}
          </Typography>
          <Button component={RouterLink} to={adminUrl(ROUTES.pickups)} variant="contained" size="small" sx={{ minHeight: 44 }}>
            {translate('app.day.open_pickups')}
          </Button>
        </Box>
        {isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : isError || !data ? (
          <LoadFailed message="app.day.load_failed" onRetry={refetch} />
        ) : (
          <>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
              <Day title={translate('app.day.today')} date={data.today} rows={data.pickups.today} />
              <Day title={translate('app.day.tomorrow')} date={data.tomorrow} rows={data.pickups.tomorrow} />
            </Box>
            <Box
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', marginBlockStart: 2, alignItems: 'center' }}
              role="group"
              aria-label={translate('app.day.counts_label')}
            >
              {REQUEST_STATUSES.map((s) => (
                <Chip key={s} variant="outlined" label={`${REQUEST_STATUS_LABELS[s]}: ${data.counts[s]}`} />
              ))}
              <Button component={RouterLink} to={BY_DEADLINE_URL} size="small" sx={{ minHeight: 44 }}>
                {translate('app.day.all_requests')}
              </Button>
              <Link
                component={RouterLink}
                to={adminUrl(ROUTES.requests)}
                sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
              >
                {translate('app.day.open_requests')}
              </Link>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
};
