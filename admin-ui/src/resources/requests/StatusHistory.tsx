import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { Ltr } from '../../components/Ltr';
import { StatusChip } from './fields';
import { historyActor, newestFirst } from './historyText';
import { historyKey, useRequestsApi } from './requestsApi';
import { LoadFailed } from '../../components/LoadFailed';

/** Who changed the status, from what to what, when (Riyadh time, with the Hijri date) and why; newest first. */
export const StatusHistory = ({ requestId }: { requestId: number }) => {
  const translate = useTranslate();
  const api = useRequestsApi();
  const { data, isPending, isError, refetch } = useQuery({ queryKey: historyKey(requestId), queryFn: () => api.history(requestId) });
  return (
    <Stack component="section" aria-labelledby={`history-${requestId}`} spacing={1} sx={{ marginBlockStart: 2 }}>
      <Typography id={`history-${requestId}`} variant="subtitle1" component="h3">
        {translate('app.desk.history.title')}
      </Typography>
      {isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : isError ? (
        <LoadFailed message="app.desk.history.load_failed" onRetry={refetch} />
      ) : !data.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.desk.history.empty')}
        </Typography>
      ) : (
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {newestFirst(data).map((h) => (
            <Box
              component="li"
              key={h.id}
              sx={{ borderInlineStart: 3, borderColor: 'divider', paddingInlineStart: 1.25, display: 'grid', gap: 0.5 }}
            >
              <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
                {h.fromStatus ? (
                  <>
                    <StatusChip status={h.fromStatus} />
                    <Typography component="span" variant="body2">
                      {translate('app.desk.history.to')}
                    </Typography>
                  </>
                ) : (
                  <Typography component="span" variant="body2">
                    {translate('app.desk.history.started')}
                  </Typography>
                )}
                <StatusChip status={h.toStatus} />
              </Box>
              <Typography variant="caption" color="text.secondary">
                {h.actorType === 'admin' ? <Ltr>{historyActor(h)}</Ltr> : historyActor(h)} ·{' '}
                {formatDateTimeWithHijri(new Date(h.createdAt))}
              </Typography>
              {h.reason && <Typography variant="body2">{translate('app.desk.history.reason', { reason: h.reason })}</Typography>}
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
};
