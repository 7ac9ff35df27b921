import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import type { AdminRequestRow } from '@shared/api/requests';
import { requestLocationText } from '@shared/request-location';
import { parseWeighedKgInput } from '@shared/weighed-kg';
import { useTranslate } from 'react-admin';
import { Ltr } from '../../components/Ltr';

/** The catalogue key of the weighed kilograms' field (also in the status change). */
export const WEIGHT_LABEL = 'app.desk.weight_label';

/**
 * The one-tap complete's small prompt: the weighed kilograms, optional, read with the server's own rule
 * (Arabic-Indic digits and «٫» accepted; 0 to 100,000 with two decimals at most).
 */
export const CompleteDialog = ({
  record,
  onCancel,
  onConfirm,
}: {
  record: AdminRequestRow;
  onCancel: () => void;
  onConfirm: (weighedKg: number | undefined) => Promise<void>;
}) => {
  const translate = useTranslate();
  const [weight, setWeight] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseWeighedKgInput(weight);
    if (!parsed.ok) return setError(parsed.error);
    setBusy(true);
    try {
      await onConfirm(parsed.value ?? undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    // React bubbles the dialog's clicks to the row behind it (a portal is still a child): stop them here.
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="complete-title" onClick={(e) => e.stopPropagation()}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="complete-title">
          {translate('app.desk.complete.title')} <Ltr>#{record.id}</Ltr>
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ marginBlockEnd: 2 }}>
            {record.organizerName} · {requestLocationText(record)}.{' '}
            {record.whatsappOptIn ? translate('app.desk.complete.notify_customer') : translate('app.desk.no_whatsapp')}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={translate(WEIGHT_LABEL)}
            value={weight}
            onChange={(e) => {
              setWeight(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? translate('app.desk.complete.weight_hint')}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {translate('app.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={busy}>
            {translate('app.desk.complete.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
