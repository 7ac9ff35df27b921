import { Box, Card, CardActionArea, CardContent, Checkbox, Stack, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { Ltr } from '../../components/Ltr';
import { DeadlineChip, DualDate, PhoneLinks, StatusChip } from './fields';
import { RowDeleteButton } from './RowDeleteButton';

/** At phone width each request is a card (a table would show one column in a scroll box). */
export const RequestCards = ({ onOpen }: { onOpen: (record: AdminRequestRow) => void }) => {
  const { data, selectedIds, onToggleItem, isPending } = useListContext<AdminRequestRow>();
  if (isPending) return null;
  if (!data?.length) return <Typography sx={{ padding: 2 }}>لا توجد طلبات</Typography>;
  return (
    <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', padding: 1, margin: 0 }} aria-label="الطلبات">
      {data.map((r) => (
        <Card component="li" key={r.id} variant="outlined">
          <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
            <Checkbox
              checked={selectedIds.includes(r.id)}
              onChange={() => onToggleItem(r.id)}
              slotProps={{ input: { 'aria-label': `تحديد الطلب ${r.id}` } }}
              sx={{ marginBlockStart: 0.5, width: 44, height: 44 }}
            />
            <CardActionArea onClick={() => onOpen(r)} aria-label={`تفاصيل الطلب ${r.id}`}>
              <CardContent sx={{ paddingInlineStart: 0 }}>
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
                  {r.eventTypeLabel} · {r.attendeeCount} شخص
                </Typography>
                <Typography variant="body2" component="div" color="text.secondary">
                  <DualDate date={r.eventDate} /> · <Ltr>{r.endTime}</Ltr>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {r.districtName ?? r.district ?? '—'}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, paddingInlineStart: 2, paddingInlineEnd: 0.5, paddingBlockEnd: 0.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <PhoneLinks phone={r.organizerPhone} />
            </Box>
            <RowDeleteButton id={r.id} />
          </Box>
        </Card>
      ))}
    </Stack>
  );
};
