import { useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '@shared/labels';
import { parseWeighedKgInput } from '@shared/weighed-kg';
import { WEIGHT_LABEL } from './CompleteDialog';
import { useStatusChange } from './useStatusChange';

const kgText = (kg: number | null) => (kg === null ? '' : String(kg));

/**
 * The detail's status change, first in the dialog so it is reachable at once (not under the message
 * log); its menu opens downward over the request's details, never over the log.
 */
export const StatusControl = ({ record, onSaved }: { record: AdminRequestRow; onSaved: () => void }) => {
  const translate = useTranslate();
  const change = useStatusChange();
  const [status, setStatus] = useState<RequestStatus>(record.status);
  const [reason, setReason] = useState('');
  const [weight, setWeight] = useState(kgText(record.weighedKg));
  const [weightError, setWeightError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const weightChanged = status === 'completed' && weight.trim() !== kgText(record.weighedKg);

  const save = async () => {
    const parsed = status === 'completed' ? parseWeighedKgInput(weight) : ({ ok: true, value: null } as const);
    if (!parsed.ok) return setWeightError(parsed.error);
    setSaving(true);
    const saved = await change(record, {
      status,
      ...(status === 'cancelled' && reason.trim() ? { cancellationReason: reason.trim() } : {}),
      ...(parsed.value !== null ? { weighedKg: parsed.value } : {}),
    });
    setSaving(false);
    if (saved) onSaved();
  };

  return (
    <Stack
      component="section"
      aria-label={translate('app.desk.status.change')}
      spacing={1.5}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, padding: 1.5, marginBlockEnd: 2, bgcolor: 'background.default' }}
    >
      <Typography variant="subtitle1" component="h3">
        {translate('app.desk.status.change')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          label={translate('app.desk.status.new_status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as RequestStatus)}
          size="small"
          sx={{ flex: '1 1 200px', maxWidth: 320 }}
          slotProps={{
            select: {
              MenuProps: {
                anchorOrigin: { vertical: 'bottom', horizontal: 'center' },
                transformOrigin: { vertical: 'top', horizontal: 'center' },
              },
            },
          }}
        >
          {REQUEST_STATUSES.map((s) => (
            <MenuItem key={s} value={s} sx={{ minHeight: 44 }}>
              {REQUEST_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          onClick={save}
          disabled={saving || (status === record.status && !weightChanged)}
          sx={{ minHeight: 40, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {translate('app.desk.status.save')}
        </Button>
      </Box>
      {status === 'completed' && (
        <TextField
          label={translate(WEIGHT_LABEL)}
          value={weight}
          onChange={(e) => {
            setWeight(e.target.value);
            setWeightError(null);
          }}
          error={Boolean(weightError)}
          helperText={weightError ?? translate('app.desk.status.weight_hint')}
          size="small"
          sx={{ maxWidth: 420 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
        />
      )}
      {status === 'cancelled' && (
        <TextField
          label={translate('app.desk.status.cancel_reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      )}
      {status !== record.status && (
        <Alert severity="info" variant="outlined">
          {record.whatsappOptIn
            ? status === 'cancelled'
              ? translate('app.desk.status.notify_cancel')
              : translate('app.desk.status.notify_change')
            : translate('app.desk.no_whatsapp')}
        </Alert>
      )}
    </Stack>
  );
};
