import { Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import type { MessageState } from '@shared/delivery';
import { Ltr } from '../../components/Ltr';
import { useDataProvider, useTranslate } from 'react-admin';
import type { CharityDataProvider } from '../../providers/customMethods';
import { useResendMessage } from './useResendMessage';
import { LoadFailed } from '../../components/LoadFailed';

const STATE_COLORS: Record<MessageState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  delivered: 'success',
  read: 'success',
  failed: 'error',
  undelivered: 'error',
  expired: 'warning',
  cancelled: 'default',
};

/** Catalogue keys of the recipients' roles; an unknown role shows as sent. */
const ROLE_LABELS: Record<string, string> = { customer: 'app.desk.messages.role_customer', admin: 'app.desk.messages.role_admin' };
const when = (iso: string | null) => (iso ? formatDateTimeWithHijri(new Date(iso)) : null);

export const messagesKey = (requestId: number) => ['requests', requestId, 'messages'] as const;

/** The request's WhatsApp messages: template, recipient, status with times, the error in Arabic, re-send. */
export const RequestMessages = ({ requestId }: { requestId: number }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: messagesKey(requestId),
    queryFn: () => dataProvider.getRequestMessages(requestId).then(({ data: rows }) => rows),
  });
  const resend = useResendMessage(refetch);

  return (
    <Stack component="section" aria-label={translate('app.desk.messages.title')} spacing={1} sx={{ marginBlockStart: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {translate('app.desk.messages.title')}
      </Typography>
      {isPending ? (
        <Skeleton variant="rounded" height={64} />
      ) : isError ? (
        <LoadFailed message="app.desk.messages.load_failed" onRetry={refetch} />
      ) : !data.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.desk.messages.empty')}
        </Typography>
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0 }} spacing={1}>
          {data.map((m) => (
            <Box
              component="li"
              key={m.id}
              aria-label={`${m.templateLabel}: ${m.stateLabel}`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, padding: 1.25, display: 'grid', gap: 0.5 }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, marginInlineEnd: 'auto' }}>
                  {m.templateLabel}
                </Typography>
                <Chip size="small" color={STATE_COLORS[m.state]} label={m.stateLabel} />
              </Box>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
                <span>
                  {translate('app.desk.messages.to', {
                    role: ROLE_LABELS[m.role ?? ''] ? translate(ROLE_LABELS[m.role ?? '']) : (m.role ?? ''),
                  })}{' '}
                  <Ltr>{m.recipient}</Ltr>
                </span>
                <span>{translate('app.desk.messages.created', { date: when(m.createdAt) })}</span>
                {m.sentAt && <span>{translate('app.desk.messages.sent', { date: when(m.sentAt) })}</span>}
                {m.deliveredAt && <span>{translate('app.desk.messages.delivered', { date: when(m.deliveredAt) })}</span>}
                {m.tries > 1 && <span>{translate('app.desk.messages.tries', { count: m.tries })}</span>}
              </Typography>
              {m.error && (
                <Typography variant="body2" color="error.main">
                  {m.error}
                </Typography>
              )}
              {m.canResend && (
                <Button
                  size="small"
                  variant="outlined"
                  sx={{ justifySelf: 'start' }}
                  onClick={() => resend(m)}
                  aria-label={translate('app.desk.messages.resend_label', { template: m.templateLabel })}
                >
                  {translate('app.desk.messages.resend')}
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
};
