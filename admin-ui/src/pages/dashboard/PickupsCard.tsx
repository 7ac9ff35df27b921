import { Alert, Box, Button, Card, CardContent, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import CollectionsIcon from '@mui/icons-material/LocalShippingOutlined';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminRequestRow } from '@shared/api/requests';
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@shared/labels';
import { formatDateWithHijri } from '@shared/arabic-date';
import { Ltr } from '../../components/Ltr';
import { DeadlineChip, PhoneLinks, StatusChip } from '../../resources/requests/fields';
import { useRequestsSummary } from '../../resources/requests/requestsApi';
import { adminUrl, ROUTES } from '../../routes';

const COUNTED: RequestStatus[] = ['received', 'reviewing', 'confirmed', 'completed', 'cancelled'];

// Under the admin's basename, with the filter react-admin's list reads from the URL.
const BY_DEADLINE_URL = adminUrl(
  `${ROUTES.requests}?filter=${encodeURIComponent(JSON.stringify({ active: true }))}&sort=collectionDeadline&order=ASC`,
);
const REQUESTS_URL = adminUrl(ROUTES.requests);

const Day = ({ title, date, rows }: { title: string; date: string; rows: AdminRequestRow[] }) => {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ marginBlockEnd: 1 }}>
        {title}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({formatDateWithHijri(date)})
        </Typography>
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          لا توجد استلامات
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((r) => (
            <Box component="li" key={r.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, padding: 1.25 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
                  {r.organizerName} <Ltr>#{r.id}</Ltr>
                </Typography>
                <StatusChip status={r.status} />
                <DeadlineChip deadline={r.collectionDeadline} status={r.status} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {r.eventTypeLabel} · {r.attendeeCount} شخص · ينتهي <Ltr>{r.endTime}</Ltr> · {r.districtName ?? '—'}
              </Typography>
              <PhoneLinks phone={r.organizerPhone} />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
};

/** Today's and tomorrow's pickups with the counters per status, from the requests desk's summary. */
export const PickupsCard = () => {
  const { data, isPending, isError, refetch } = useRequestsSummary();
  return (
    <Card component="section" aria-labelledby="pickups-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, marginBlockEnd: 1.5, flexWrap: 'wrap' }}>
          <CollectionsIcon color="primary" aria-hidden />
          <Typography id="pickups-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            استلامات اليوم والغد
          </Typography>
          <Button component={RouterLink} to={BY_DEADLINE_URL} size="small">
            كل الطلبات حسب موعد الاستلام
          </Button>
        </Box>
        {isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : isError || !data ? (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>إعادة المحاولة</Button>}>
            تعذّر تحميل الاستلامات
          </Alert>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', marginBlockEnd: 2 }} aria-label="عدد الطلبات في كل حالة">
              {COUNTED.map((s) => (
                <Chip key={s} variant="outlined" label={`${REQUEST_STATUS_LABELS[s]}: ${data.counts[s]}`} />
              ))}
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Day title="اليوم" date={data.today} rows={data.pickups.today} />
              <Day title="غدًا" date={data.tomorrow} rows={data.pickups.tomorrow} />
            </Box>
          </>
        )}
        <Link component={RouterLink} to={REQUESTS_URL} sx={{ display: 'inline-block', marginBlockStart: 1.5 }}>
          فتح إدارة الطلبات
        </Link>
      </CardContent>
    </Card>
  );
};
