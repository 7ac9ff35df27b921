import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { Ltr } from '../../components/Ltr';
import { VolunteerSection } from './VolunteerSection';
import { DeleteRequestDialog } from './DeleteRequestDialog';
import { DeadlineChip, StatusChip } from './fields';
import { RequestDetailFields } from './RequestDetailFields';
import { RequestMessages } from './RequestMessages';
import { RequestNotes } from './RequestNotes';
import { StatusControl } from './StatusControl';
import { StatusHistory } from './StatusHistory';

/**
 * The whole request, in the order of the day's work: the status change first (reachable at once), the
 * volunteer, the request's details, then the status history, the internal notes and the WhatsApp log.
 */
export const RequestDetailDialog = ({ record, onClose }: { record: AdminRequestRow; onClose: () => void }) => {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [row, setRow] = useState(record);
  const [confirmDelete, setConfirmDelete] = useState(false);

  return (
    <>
      <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="request-detail-title">
        <DialogTitle id="request-detail-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span>
            {translate('app.desk.detail.title')} <Ltr>#{row.id}</Ltr>
          </span>
          <StatusChip status={row.status} />
          <DeadlineChip deadline={row.collectionDeadline} status={row.status} />
        </DialogTitle>
        <DialogContent dividers>
          <StatusControl record={row} onSaved={onClose} />
          <VolunteerSection record={row} onChange={setRow} />
          <RequestDetailFields record={row} />
          <StatusHistory requestId={row.id} />
          <RequestNotes requestId={row.id} />
          <RequestMessages requestId={row.id} />
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Button color="error" onClick={() => setConfirmDelete(true)}>
            {translate('app.desk.delete.row')}
          </Button>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          </Box>
        </DialogActions>
      </Dialog>
      {confirmDelete && (
        <DeleteRequestDialog
          ids={[row.id]}
          onClose={(deleted, left) => {
            setConfirmDelete(false);
            if (deleted || left) onClose();
          }}
        />
      )}
    </>
  );
};
