import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { activityEntityLabel } from '@shared/labels';
import type { ActivityLogRow } from '@shared/api/reports';
import { ActorName } from '../../components/ActorName';
import { Ltr } from '../../components/Ltr';
import { useLatestActivity } from './statisticsApi';
import { LoadFailed } from '../../components/LoadFailed';

function subject(row: ActivityLogRow, translate: TranslateFunction): string | null {
  if (!row.entityType) return null;
  const name = activityEntityLabel(row.entityType);
  return row.entityId && row.entityType === 'request'
    ? translate('app.statistics_page.activity.numbered', { name, id: row.entityId })
    : name;
}

/** The last 50 activities (spec: statistics page, activity-log tab). */
export const ActivityLogTab = () => {
  const translate = useTranslate();
  const { data, isPending, isError, refetch } = useLatestActivity();
  if (isPending) return <Skeleton variant="rounded" height={240} />;
  if (isError || !data) return <LoadFailed message="app.statistics_page.activity.load_failed" onRetry={refetch} />;
  if (!data.length) return <Typography color="text.secondary">{translate('app.statistics_page.activity.empty')}</Typography>;
  return (
    <Stack
      component="ol"
      aria-label={translate('app.statistics_page.activity.list_label')}
      sx={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {data.map((row) => (
        <Box
          component="li"
          key={row.id}
          sx={{
            display: 'grid',
            gap: 0.25,
            paddingBlock: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-child': { borderBottom: 0 },
          }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {row.actionLabel}
            </Typography>
            {subject(row, translate) && (
              <Typography component="span" color="text.secondary">
                {subject(row, translate)}
              </Typography>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
            <span>{formatDateTimeWithHijri(new Date(row.createdAt))}</span>
            <span>
              {row.username ? (
                <>
                  {translate('app.shared.by')} <ActorName name={row.username} />
                </>
              ) : (
                translate('app.statistics_page.activity.public_site')
              )}
            </span>
            {row.ipAddress && (
              <span>
                {translate('app.statistics_page.activity.address')} <Ltr>{row.ipAddress}</Ltr>
              </span>
            )}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
};
