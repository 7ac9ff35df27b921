import { Alert, Box, Button, Chip, Link as MuiLink, Skeleton, Stack, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/SmsFailedOutlined';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FailedMessages } from '@shared/delivery';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { Ltr } from '../../../../components/Ltr';
import type { CharityDataProvider } from '../../../../providers/customMethods';
import { useResendMessage } from '../../../../resources/requests/useResendMessage';
import { adminUrl, ROUTES } from '../../../../routes';
import { AdminCard } from '../AdminCard';
import { LoadFailed } from '../../../../components/LoadFailed';

const KEY = ['admin', 'messages', 'failed'] as const;
const requestLink = (id: number) => adminUrl(`${ROUTES.requests}?filter=${encodeURIComponent(JSON.stringify({ id }))}`);

/** The WhatsApp messages that failed for good in the last 24 hours, each with its request and a re-send. */
export const FailedMessagesCard = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => dataProvider.getFailedMessages(signal).then(({ data: failed }) => failed),
    // A pause begins and ends without anyone acting here: look again every 30 seconds.
    refetchInterval: 30_000,
  });
  const resend = useResendMessage(refetch);
  const badge = data ? (
    <Chip
      size="small"
      color={data.total ? 'error' : 'success'}
      label={data.total ? translate('app.failed_messages.count', { count: data.total }) : translate('app.failed_messages.none')}
    />
  ) : null;

  return (
    <AdminCard id="failed-messages-title" title={translate('app.failed_messages.title')} icon={<ErrorIcon />} badge={badge}>
      {isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : isError ? (
        <LoadFailed message="app.failed_messages.load_failed" onRetry={refetch} />
      ) : (
        <>
          {data.pause.paused && <PausedWarning pause={data.pause} />}
          <FailedList data={data} resend={resend} />
        </>
      )}
    </AdminCard>
  );
};

/** Sending is paused by the provider circuit: say so, since when, and that nothing is lost. */
const PausedWarning = ({ pause }: { pause: FailedMessages['pause'] }) => {
  const translate = useTranslate();
  return (
    <Alert severity="warning" sx={{ marginBlockEnd: 1.5 }} role="status">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('app.failed_messages.paused_title')}
      </Typography>
      <Typography variant="body2">
        {pause.since
          ? translate('app.failed_messages.paused_text_since', { date: formatDateTimeWithHijri(new Date(pause.since)) })
          : translate('app.failed_messages.paused_text')}
      </Typography>
      {pause.lastError && (
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('app.failed_messages.last_error')} <Ltr>{pause.lastError}</Ltr>
        </Typography>
      )}
    </Alert>
  );
};

const FailedList = ({ data, resend }: { data: FailedMessages; resend: ReturnType<typeof useResendMessage> }) => {
  const translate = useTranslate();
  return !data.rows.length ? (
    <Typography variant="body2" color="text.secondary">
      {translate('app.failed_messages.all_delivered')}
    </Typography>
  ) : (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {data.rows.map((m) => (
        <Box
          component="li"
          key={m.id}
          sx={{
            display: 'grid',
            gap: 0.25,
            paddingBlock: 0.75,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-child': { borderBottom: 0 },
          }}
        >
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {m.templateLabel}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <Ltr>{m.recipient}</Ltr> · {formatDateTimeWithHijri(new Date(m.updatedAt))}
            </Typography>
          </Box>
          {m.error && (
            <Typography variant="body2" color="error.main">
              {m.error}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            {m.requestId && (
              <MuiLink href={requestLink(m.requestId)} variant="body2">
                {translate('app.failed_messages.request', { id: m.requestId })}
              </MuiLink>
            )}
            {m.canResend && (
              <Button
                size="small"
                onClick={() => resend(m)}
                aria-label={translate('app.failed_messages.resend_label', { template: m.templateLabel, recipient: m.recipient })}
              >
                {translate('app.quick_messages_page.resend')}
              </Button>
            )}
          </Box>
        </Box>
      ))}
      {data.total > data.rows.length && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.failed_messages.showing', { shown: data.rows.length, total: data.total })}
        </Typography>
      )}
    </Stack>
  );
};
