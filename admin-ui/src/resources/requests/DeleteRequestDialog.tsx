import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify, useRefresh, useTranslate, useUnselect, useUnselectAll } from 'react-admin';
import { isApiError } from '../../providers/httpClient';
import { adminUrl, ROUTES } from '../../routes';
import { DESK_STORE_KEY, useRequestsApi } from './requestsApi';

/**
 * Confirms the deletion of one or several requests; they are archived with the reason, not lost.
 * `onClose(false, true)`: the administrator followed the archive link, so whatever opened the dialog
 * closes too and the archive opens without a modal over it.
 */
export const DeleteRequestDialog = ({ ids, onClose }: { ids: number[]; onClose: (deleted: boolean, left?: boolean) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('requests', DESK_STORE_KEY);
  const unselect = useUnselect('requests', DESK_STORE_KEY);
  const api = useRequestsApi();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      if (ids.length === 1) {
        await api.remove(ids[0], reason);
        notify(translate('app.desk.delete.done'), { type: 'success' });
      } else {
        const result = await api.bulk(ids, { action: 'delete', reason: reason.trim() || undefined });
        notify(
          result.failed
            ? translate('app.desk.delete.partial', { succeeded: result.succeeded, failed: result.failed })
            : translate('app.desk.delete.done_many', { count: result.succeeded }),
          {
            type: result.failed ? 'warning' : 'success',
          },
        );
      }
      // A row's own delete keeps the rest of the selection.
      if (ids.length === 1) unselect(ids);
      else unselectAll();
      refresh();
      onClose(true);
    } catch (error) {
      const heading = translate(ids.length === 1 ? 'app.desk.delete.failed' : 'app.desk.delete.failed_many');
      notify(isApiError(error) ? `${heading}: ${error.message}` : heading, { type: 'error' });
      // The list shows what the server holds now (a request another administrator deleted leaves it).
      refresh();
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="delete-request-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-request-title">
        {ids.length === 1 ? translate('app.desk.delete.row') : translate('app.desk.delete.title_many', { count: ids.length })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ marginBlockEnd: 2 }}>
          {translate(ids.length === 1 ? 'app.desk.delete.text_before' : 'app.desk.delete.text_before_many')}{' '}
          <Link component={RouterLink} to={adminUrl(ROUTES.deletedRequests)} onClick={() => onClose(false, true)}>
            {translate('app.desk.archive.title')}
          </Link>{' '}
          {translate(ids.length === 1 ? 'app.desk.delete.text_after' : 'app.desk.delete.text_after_many')}
        </DialogContentText>
        <TextField
          label={translate('app.desk.delete.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={busy}>
          {translate('app.common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={busy}>
          {translate('app.shared.confirm_delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
