import { Box, Card, CardActionArea, CardContent, Checkbox, Stack, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { Ltr } from '../../components/Ltr';
import { DeadlineChip, DualDate, PhoneLinks, StatusChip } from './fields';
import { QuickStatusActions } from './QuickStatusActions';
import { RequestLocation } from './RequestLocation';
import { RowDeleteButton } from './RowDeleteButton';

// Read by screen readers only. Lengths are strings: in sx a bare 1 would mean 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** At phone width each request is a card (a table would show one column in a scroll box). */
export const RequestCards = ({ onOpen }: { onOpen: (record: AdminRequestRow) => void }) => {
  const translate = useTranslate();
  const { data, selectedIds, onToggleItem, isPending } = useListContext<AdminRequestRow>();
  if (isPending) return null;
  if (!data?.length) return <Typography sx={{ padding: 2 }}>{translate('app.desk.list.empty')}</Typography>;
  return (
    <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', padding: 1, margin: 0 }} aria-label={translate('app.desk.list.cards')}>
      {data.map((r) => (
        <Card component="li" key={r.id} variant="outlined">
          <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
            <Checkbox
              checked={selectedIds.includes(r.id)}
              onChange={() => onToggleItem(r.id)}
              slotProps={{ input: { 'aria-label': translate('app.desk.list.select', { id: r.id }) } }}
              sx={{ marginBlockStart: 0.5, width: 44, height: 44 }}
            />
            {/* Named by its own text (what a sighted user reads), led by a hidden «تفاصيل الطلب N» for what it does. */}
            <CardActionArea onClick={() => onOpen(r)}>
              <CardContent sx={{ paddingInlineStart: 0 }}>
                <Box component="span" sx={visuallyHidden}>
                  {translate('app.desk.list.details', { id: r.id })}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', marginBlockEnd: 0.5 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ flex: 1, minWidth: 0 }}>
                    {r.organizerName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    <Ltr>#{r.id}</Ltr>
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', marginBlockEnd: 1 }}>
                  <StatusChip status={r.status} />
                  <DeadlineChip deadline={r.collectionDeadline} status={r.status} />
                </Box>
                <Typography variant="body2">
                  {translate('app.desk.event_people', { type: r.eventTypeLabel, count: r.attendeeCount })}
                </Typography>
                <Typography variant="body2" component="div" color="text.secondary">
                  <DualDate date={r.eventDate} /> · <Ltr>{r.endTime}</Ltr>
                </Typography>
                <Typography variant="body2" component="div" sx={{ marginBlockStart: 0.5 }}>
                  <RequestLocation record={r} />
                </Typography>
                {r.volunteerName && (
                  <Typography variant="body2" color="text.secondary">
                    {translate('app.desk.list.assignee', { name: r.volunteerName })}
                  </Typography>
                )}
              </CardContent>
            </CardActionArea>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, paddingInlineStart: 2, paddingInlineEnd: 0.5, paddingBlockEnd: 0.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <PhoneLinks phone={r.organizerPhone} />
            </Box>
            <RowDeleteButton id={r.id} />
          </Box>
          {(r.status === 'received' || r.status === 'reviewing' || r.status === 'confirmed') && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', paddingInline: 1, paddingBlockEnd: 1 }}>
              <QuickStatusActions record={r} />
            </Box>
          )}
        </Card>
      ))}
    </Stack>
  );
};
