import { Box, Card, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, useListContext, useTranslate } from 'react-admin';
import type { DeletedRequestRow } from '@shared/api/requests';
import { formatGregorianAr, formatHijriAr } from '@shared/arabic-date';
import { riyadhTimeString } from '@shared/time';
import { ListPagination } from '../../components/ListPagination';
import { Ltr } from '../../components/Ltr';
import { PageTitle } from '../../components/PageTitle';
import { DualDate, PhoneLinks, StatusChip } from '../requests/fields';
import { RequestLocation } from '../requests/RequestLocation';
import { RestoreButton } from './RestoreButton';

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ padding: 3, textAlign: 'center' }}>
      {translate('app.desk.archive.empty')}
    </Typography>
  );
};

/** When, by whom and why it was deleted. */
const Deleted = ({ row }: { row: DeletedRequestRow }) => {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.4, whiteSpace: 'nowrap' }}>
      <span>
        {formatGregorianAr(new Date(row.deletedAt))} <Ltr>{riyadhTimeString(new Date(row.deletedAt))}</Ltr>
      </span>
      <Typography component="span" variant="caption" color="text.secondary">
        {formatHijriAr(new Date(row.deletedAt))}
      </Typography>
      {row.deletedBy && (
        <Typography component="span" variant="caption" color="text.secondary">
          {translate('app.desk.archive.deleted_by')} <Ltr>{row.deletedBy}</Ltr>
        </Typography>
      )}
    </Box>
  );
};

const Reason = ({ row }: { row: DeletedRequestRow }) => {
  const translate = useTranslate();
  return row.deletionReason ? (
    <span>{row.deletionReason}</span>
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      {translate('app.desk.archive.no_reason')}
    </Typography>
  );
};

/** Below 900 px each archived request is a card with its restore button. */
const ArchiveCards = () => {
  const translate = useTranslate();
  const { data, isPending } = useListContext<DeletedRequestRow>();
  if (isPending) return null;
  if (!data?.length) return <Empty />;
  return (
    <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', padding: 1, margin: 0 }} aria-label={translate('app.desk.archive.title')}>
      {data.map((r) => (
        <Card component="li" key={r.id} variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 0.75 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ flex: 1, minWidth: 0 }}>
                {r.organizerName}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                <Ltr>#{r.originalId}</Ltr>
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <StatusChip status={r.status} />
              <Typography variant="body2">
                {translate('app.desk.event_people', { type: r.eventTypeLabel, count: r.attendeeCount })}
              </Typography>
            </Box>
            <Typography variant="body2" component="div" color="text.secondary">
              <DualDate date={r.eventDate} />
            </Typography>
            <Typography variant="body2" component="div">
              <RequestLocation record={r} />
            </Typography>
            <PhoneLinks phone={r.organizerPhone} />
            <Box sx={{ borderBlockStart: 1, borderColor: 'divider', paddingBlockStart: 1, display: 'grid', gap: 0.5 }}>
              <Typography variant="body2" component="div">
                {translate('app.desk.archive.deleted')}: <Deleted row={r} />
              </Typography>
              <Typography variant="body2" component="div">
                {translate('app.desk.archive.reason')}: <Reason row={r} />
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <RestoreButton record={r} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
};

const ArchiveGrid = () => {
  const translate = useTranslate();
  const label = (key: string) => translate(`app.desk.archive.${key}`);
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      empty={<Empty />}
      sx={{
        '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
        '& .RaDatagrid-headerCell': { fontWeight: 600, whiteSpace: 'nowrap' },
        '& .MuiTableCell-root': { paddingInline: 1 },
      }}
    >
      <FunctionField<DeletedRequestRow> label={label('number')} sortBy="originalId" render={(r) => <Ltr>#{r.originalId}</Ltr>} />
      <FunctionField<DeletedRequestRow>
        label={label('organizer')}
        sortable={false}
        render={(r) => (
          <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
            <span>{r.organizerName}</span>
            <Typography component="span" variant="caption" color="text.secondary">
              {translate('app.desk.event_people', { type: r.eventTypeLabel, count: r.attendeeCount })}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary">
              <Ltr>{r.organizerPhone}</Ltr>
            </Typography>
          </Box>
        )}
      />
      <FunctionField<DeletedRequestRow> label={label('location')} sortable={false} render={(r) => <RequestLocation record={r} compact />} />
      <FunctionField<DeletedRequestRow> label={label('event_date')} sortable={false} render={(r) => <DualDate date={r.eventDate} />} />
      <FunctionField<DeletedRequestRow> label={label('status')} sortable={false} render={(r) => <StatusChip status={r.status} />} />
      <FunctionField<DeletedRequestRow> label={label('deleted')} sortBy="deletedAt" render={(r) => <Deleted row={r} />} />
      <FunctionField<DeletedRequestRow>
        label={label('reason')}
        sortable={false}
        render={(r) => (
          <Box component="span" sx={{ display: 'inline-block', maxWidth: 200, overflowWrap: 'anywhere' }}>
            <Reason row={r} />
          </Box>
        )}
      />
      <FunctionField<DeletedRequestRow> label={label('restore')} sortable={false} render={(r) => <RestoreButton record={r} />} />
    </Datagrid>
  );
};

/** /admin/deleted-requests: the archive the delete dialog speaks of, with who deleted each request, when and why. */
export const DeletedRequestList = () => {
  const translate = useTranslate();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.desk.archive.search')}
      slotProps={{ htmlInput: { 'aria-label': translate('app.desk.archive.search') } }}
      sx={{ minWidth: { sm: 320 } }}
    />,
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1, paddingBlock: 1, minWidth: 0 }}>
      <PageTitle title="app.desk.archive.title" />
      <Typography variant="h5" component="h1">
        {translate('app.desk.archive.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.desk.archive.intro')}</Typography>
      <List
        resource="deleted-requests"
        title={<span />}
        sort={{ field: 'deletedAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        actions={false}
        empty={false}
        pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
        sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 } }}
      >
        {isSmall ? <ArchiveCards /> : <ArchiveGrid />}
      </List>
    </Box>
  );
};
