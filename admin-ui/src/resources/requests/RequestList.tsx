import { useState } from 'react';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, TextField as RaTextField } from 'react-admin';
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
import { RequestCards } from './RequestCards';
import { RequestDetailDialog } from './RequestDetailDialog';
import { DeskFilterBar } from './DeskFilterBar';
import { DESK_STORE_KEY } from './requestsApi';

/** /admin/requests: the charity's daily desk (spec: admin-side section 2, Requests). */
export const RequestList = () => {
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
          <Datagrid
            rowClick={(_id, _resource, record) => {
              setOpen(record as AdminRequestRow);
              return false;
            }}
            bulkActionButtons={<BulkActions />}
            sx={{
              '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
              '& .RaDatagrid-headerCell': { fontWeight: 600, whiteSpace: 'nowrap' },
              // Narrower cell padding so every column, the row's delete included, fits beside the menu at 1280 px.
              '& .MuiTableCell-root': { paddingInline: 1 },
            }}
          >
            <FunctionField<AdminRequestRow> label="رقم الطلب" sortBy="id" render={(r) => <Ltr>#{r.id}</Ltr>} />
            <RaTextField source="organizerName" label="اسم المنظم" />
            <FunctionField<AdminRequestRow> label="الجوال" sortable={false} render={(r) => <PhoneLinks phone={r.organizerPhone} />} />
            <FunctionField<AdminRequestRow> label="نوع المناسبة" sortable={false} render={(r) => r.eventTypeLabel} />
            <FunctionField<AdminRequestRow> label="تاريخ المناسبة" sortBy="eventDate" render={(r) => <DualDate date={r.eventDate} />} />
            <FunctionField<AdminRequestRow>
              label="مهلة الاستلام"
              sortBy="collectionDeadline"
              render={(r) => <DeadlineChip deadline={r.collectionDeadline} status={r.status} />}
            />
            <FunctionField<AdminRequestRow> label="الحالة" sortBy="status" render={(r) => <StatusChip status={r.status} />} />
            <FunctionField<AdminRequestRow>
              label="تاريخ الإنشاء"
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
            <FunctionField<AdminRequestRow> label="حذف" sortable={false} render={(r) => <RowDeleteButton id={r.id} />} />
          </Datagrid>
        )}
      </List>
      {open && <RequestDetailDialog record={open} onClose={() => setOpen(null)} />}
    </>
  );
};
