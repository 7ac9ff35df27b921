import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import type { AdminRequestRow } from '@shared/api/requests';
import { requestLocationText } from '@shared/request-location';
import { parseWeighedKgInput } from '@shared/weighed-kg';
import { Ltr } from '../../components/Ltr';

export const WEIGHT_LABEL = 'الوزن الفعلي بالكيلوجرام (اختياري)';

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
          إكمال الطلب <Ltr>#{record.id}</Ltr>
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ marginBlockEnd: 2 }}>
            {record.organizerName} · {requestLocationText(record)}.{' '}
            {record.whatsappOptIn
              ? 'سيُرسل إشعار واتساب للعميل بأن الطلب مكتمل.'
              : 'لن يُرسل إشعار واتساب لأن العميل لم يوافق على رسائل واتساب.'}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={WEIGHT_LABEL}
            value={weight}
            onChange={(e) => {
              setWeight(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? 'إذا وُزن الطعام عند الاستلام يحل الوزن محل التقدير في الإحصائيات، ويمكن كتابته بالأرقام العربية'}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            إلغاء
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={busy}>
            تأكيد الإكمال
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
