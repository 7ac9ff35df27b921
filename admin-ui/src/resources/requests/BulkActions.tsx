import { useState } from 'react';
import { Button, MenuItem, TextField } from '@mui/material';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '@shared/labels';
import { isApiError } from '../../providers/httpClient';
import { DeleteRequestDialog } from './DeleteRequestDialog';
import { DESK_STORE_KEY, useRequestsApi } from './requestsApi';
import { bulkStatusToast } from './statusToasts';

type Choice = RequestStatus | 'delete' | '';

/** The bulk picker: any status for every selected request (customers who opted in are told), or delete. */
export const BulkActions = () => {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('requests', DESK_STORE_KEY);
  const api = useRequestsApi();
  const [choice, setChoice] = useState<Choice>('');
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = selectedIds.map(Number);

  const apply = async () => {
    if (choice === 'delete') return setConfirmDelete(true);
    if (!choice) return;
    setBusy(true);
    try {
      const result = await api.bulk(ids, { action: 'status', status: choice });
      const toast = bulkStatusToast(result, REQUEST_STATUS_LABELS[choice]);
      notify(toast.text, { type: toast.type });
      unselectAll();
      setChoice('');
      refresh();
    } catch (error) {
      notify(isApiError(error) ? translate('app.desk.bulk.failed_with', { message: error.message }) : translate('app.desk.bulk.failed'), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <TextField
        select
        size="small"
        label={translate('app.desk.bulk.label')}
        value={choice}
        onChange={(e) => setChoice(e.target.value as Choice)}
        // On the phone's cards the picker is always shown: with nothing ticked there is nothing to act on.
        disabled={!ids.length}
        sx={{ minWidth: 200 }}
      >
        {REQUEST_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {translate('app.desk.bulk.set_status', { status: REQUEST_STATUS_LABELS[s] })}
          </MenuItem>
        ))}
        <MenuItem value="delete" sx={{ color: 'error.main' }}>
          {translate('ra.action.delete')}
        </MenuItem>
      </TextField>
      <Button variant="contained" size="small" onClick={apply} disabled={!choice || busy || !ids.length} sx={{ marginInlineStart: 1 }}>
        {translate('app.desk.bulk.apply')}
      </Button>
      {confirmDelete && (
        <DeleteRequestDialog
          ids={ids}
          onClose={() => {
            setConfirmDelete(false);
            setChoice('');
          }}
        />
      )}
    </>
  );
};
