import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { DeletedRequestRow } from '@shared/api/requests';
import type { CharityDataProvider } from '../../providers/customMethods';
import { isApiError } from '../../providers/httpClient';

/** Puts an archived request back (asked once more, since the host's rules may refuse it); the server's words say why not. */
export const RestoreButton = ({ record }: { record: DeletedRequestRow }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = record.originalId;

  const restore = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.restoreDeletedRequest(record.id);
      notify(data.message, { type: 'success' });
      // refresh() reads every query of the page again: the archive, the desk and its counters.
      setAsking(false);
      refresh();
    } catch (error) {
      notify(isApiError(error) ? error.message : translate('app.desk.archive.restore_failed'), { type: 'error' });
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<RestoreIcon />}
        onClick={() => setAsking(true)}
        aria-label={translate('app.desk.archive.restore_label', { id })}
        sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
      >
        {translate('app.desk.archive.restore')}
      </Button>
      {asking && (
        <Dialog open onClose={() => setAsking(false)} maxWidth="xs" fullWidth aria-labelledby={`restore-${record.id}`}>
          <DialogTitle id={`restore-${record.id}`}>{translate('app.desk.archive.restore_title', { id })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('app.desk.archive.restore_text', { id, status: record.statusLabel })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
            <Button variant="contained" onClick={restore} disabled={busy}>
              {translate('app.desk.archive.restore_confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
};
