import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import type { CertificateRow } from '@shared/api/certificates';
import { checkPlaceCertificate, type PlaceCertificateInput } from '@shared/certificates';
import { riyadhDateString } from '@shared/time';
import { usePlaces } from '../../pages/locations/locationsApi';
import { isApiError } from '../../providers/httpClient';

/** The last full month (Riyadh calendar), the usual period of a venue's certificate. */
function lastMonth(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number);
  const from = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * A certificate for an important place over a period: every completed collection there whose event falls
 * in the period (POST /api/admin/certificates through the dataProvider).
 */
export const CreatePlaceCertificateDialog = ({ onClose }: { onClose: (created: CertificateRow | null) => void }) => {
  const notify = useNotify();
  const translate = useTranslate();
  const [create, { isPending }] = useCreate();
  const places = usePlaces();
  const [form, setForm] = useState<PlaceCertificateInput>({ place: '', ...lastMonth(riyadhDateString(new Date())) });
  const [errors, setErrors] = useState<Partial<Record<keyof PlaceCertificateInput, string>>>({});
  const set = (patch: Partial<PlaceCertificateInput>) => {
    setForm({ ...form, ...patch });
    setErrors({});
  };

  const save = () => {
    const checked = checkPlaceCertificate({ ...form });
    if ('errors' in checked) return setErrors(checked.errors);
    create(
      'certificates',
      { data: checked.value },
      {
        onSuccess: (created) => {
          notify(translate('app.certificates_list.place_issued'), { type: 'success' });
          onClose(created as unknown as CertificateRow);
        },
        onError: (error) => {
          if (isApiError(error) && error.envelope?.errors) setErrors(error.envelope.errors);
          const message = isApiError(error)
            ? translate('app.certificates_list.issue_failed_with', { message: error.message })
            : translate('app.certificates_list.issue_failed');
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      },
    );
  };

  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="create-certificate-title" maxWidth="sm" fullWidth>
      <DialogTitle id="create-certificate-title">{translate('app.certificates_list.place_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, paddingBlockStart: '8px !important' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.certificates_list.place_intro')}
        </Typography>
        <TextField
          select
          label={translate('app.certificates_list.place')}
          required
          value={form.place}
          onChange={(e) => set({ place: e.target.value })}
          error={!!errors.place}
          helperText={errors.place ?? (places.isError ? translate('app.certificates_list.places_load_failed') : undefined)}
        >
          {(places.data ?? []).map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <TextField
            type="date"
            label={translate('app.certificates_list.from_date')}
            required
            value={form.from}
            onChange={(e) => set({ from: e.target.value })}
            error={!!errors.from}
            helperText={errors.from}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
          />
          <TextField
            type="date"
            label={translate('app.certificates_list.to_date')}
            required
            value={form.to}
            onChange={(e) => set({ to: e.target.value })}
            error={!!errors.to}
            helperText={errors.to}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)} sx={{ minHeight: 44 }}>
          {translate('app.common.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={isPending} sx={{ minHeight: 44 }}>
          {translate('app.certificates_list.issue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
