import { useState } from 'react';
import { Box, ThemeProvider, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, useTranslate } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { formatGregorianAr } from '@shared/arabic-date';
import { riyadhTimeString } from '@shared/time';
import { ListPagination } from '../../components/ListPagination';
import { PageTitle } from '../../components/PageTitle';
import { Ltr } from '../../components/Ltr';
import { BulkActions } from './BulkActions';
import { RequestCardsToolbar } from './RequestCardsToolbar';
import { RowDeleteButton } from './RowDeleteButton';
import { DeadlineChip, DualDate, PhoneLinks, StatusChip } from './fields';
import { QuickStatusActions } from './QuickStatusActions';
import { RequestCards } from './RequestCards';
import { RequestLocation } from './RequestLocation';
import { rowCheckboxTheme } from './rowCheckboxTheme';
import { RequestDetailDialog } from './RequestDetailDialog';
import { DeskFilterBar } from './DeskFilterBar';
import { DESK_STORE_KEY } from './requestsApi';

/** /admin/requests: the charity's daily desk (spec: admin-side section 2, Requests). */
export const RequestList = () => {
  const translate = useTranslate();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState<AdminRequestRow | null>(null);
  return (
    <>
      <PageTitle title="app.page.requests.title" />
      <List
        resource="requests"
        title={<span />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        actions={false}
        pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
        disableSyncWithLocation={false}
        storeKey={DESK_STORE_KEY}
        sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 }, '& .MuiTabs-root': { width: '100%' } }}
      >
        <DeskFilterBar />
        {isSmall ? (
          <>
            <RequestCardsToolbar />
            <RequestCards onOpen={setOpen} />
          </>
        ) : (
          <ThemeProvider theme={rowCheckboxTheme}>
            <Datagrid
              rowClick={(_id, _resource, record) => {
                setOpen(record as AdminRequestRow);
                return false;
              }}
              bulkActionButtons={<BulkActions />}
              sx={{
                '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
                '& .RaDatagrid-headerCell': { fontWeight: 600, whiteSpace: 'nowrap' },
                // Narrower cell padding so every column, the location and the row's actions included, fits beside the menu at 1280 px.
                '& .MuiTableCell-root': { paddingInline: 0.75 },
              }}
            >
              <FunctionField<AdminRequestRow> label="app.desk.archive.number" sortBy="id" render={(r) => <Ltr>#{r.id}</Ltr>} />
              <FunctionField<AdminRequestRow>
                label="app.desk.archive.organizer"
                sortBy="organizerName"
                render={(r) => (
                  <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
                    <span>{r.organizerName}</span>
                    <Typography component="span" variant="caption" color="text.secondary">
                      {translate('app.desk.event_people', { type: r.eventTypeLabel, count: r.attendeeCount })}
                    </Typography>
                  </Box>
                )}
              />
              <FunctionField<AdminRequestRow>
                label="app.desk.list.organizer_phone"
                sortable={false}
                render={(r) => <PhoneLinks phone={r.organizerPhone} />}
              />
              <FunctionField<AdminRequestRow>
                label="app.desk.archive.location"
                sortable={false}
                render={(r) => <RequestLocation record={r} compact />}
              />
              <FunctionField<AdminRequestRow>
                label="app.desk.list.event_date_deadline"
                sortBy="eventDate"
                render={(r) => (
                  <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                    <DualDate date={r.eventDate} />
                    <DeadlineChip deadline={r.collectionDeadline} status={r.status} />
                  </Box>
                )}
              />
              <FunctionField<AdminRequestRow>
                label="app.desk.list.status"
                sortBy="status"
                render={(r) => <StatusChip status={r.status} />}
              />
              <FunctionField<AdminRequestRow>
                label="app.desk.list.created"
                sortBy="createdAt"
                render={(r) => (
                  <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
                    <span>{formatGregorianAr(new Date(r.createdAt))}</span>
                    <Typography component="span" variant="caption" color="text.secondary">
                      <Ltr>{riyadhTimeString(new Date(r.createdAt))}</Ltr>
                    </Typography>
                  </Box>
                )}
              />
              <FunctionField<AdminRequestRow>
                label="app.desk.list.actions"
                sortable={false}
                render={(r) => (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                    <QuickStatusActions record={r} compact />
                    <RowDeleteButton id={r.id} />
                  </Box>
                )}
              />
            </Datagrid>
          </ThemeProvider>
        )}
      </List>
      {open && <RequestDetailDialog record={open} onClose={() => setOpen(null)} />}
    </>
  );
};
