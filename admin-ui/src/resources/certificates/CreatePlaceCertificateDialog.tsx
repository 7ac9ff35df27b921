import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCreate, useNotify } from 'react-admin';
import type { CertificateRow } from '@shared/api/certificates';
import { checkPlaceCertificate, type PlaceCertificateInput } from '@shared/certificates';
import { riyadhDateString } from '@shared/time';
import { fetchPlaces, PLACES_KEY } from '../../pages/locations/locationsApi';
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
  const [create, { isPending }] = useCreate();
  const places = useQuery({ queryKey: PLACES_KEY, queryFn: fetchPlaces });
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
          notify('صدرت شهادة المكان', { type: 'success' });
          onClose(created as unknown as CertificateRow);
        },
        onError: (error) => {
          if (isApiError(error) && error.envelope?.errors) setErrors(error.envelope.errors);
          const message = isApiError(error) ? `تعذّر إصدار الشهادة: ${error.message}` : 'تعذّر إصدار الشهادة';
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      },
    );
  };

  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="create-certificate-title" maxWidth="sm" fullWidth>
      <DialogTitle id="create-certificate-title">شهادة شكر لمكان</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, paddingBlockStart: '8px !important' }}>
        <Typography variant="body2" color="text.secondary">
          تجمع الشهادة كل عمليات الاستلام المكتملة في المكان خلال الفترة (حسب تاريخ المناسبة)، وتُحفظ أرقامها عند الإصدار.
        </Typography>
        <TextField
          select
          label="المكان"
          required
          value={form.place}
          onChange={(e) => set({ place: e.target.value })}
          error={!!errors.place}
          helperText={errors.place ?? (places.isError ? 'تعذّر تحميل الأماكن' : undefined)}
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
            label="من تاريخ"
            required
            value={form.from}
            onChange={(e) => set({ from: e.target.value })}
            error={!!errors.from}
            helperText={errors.from}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
          />
          <TextField
            type="date"
            label="إلى تاريخ"
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
          إلغاء
        </Button>
        <Button variant="contained" onClick={save} disabled={isPending} sx={{ minHeight: 44 }}>
          إصدار الشهادة
        </Button>
      </DialogActions>
    </Dialog>
  );
};
