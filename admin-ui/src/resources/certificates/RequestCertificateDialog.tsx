import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { toWesternDigits } from '@shared/digits';
import type { CharityDataProvider } from '../../providers/customMethods';
import { downloadCertificatePdf, requestCertificatePdfPath } from './certificatesApi';

/**
 * A completed request's certificate by its number: the first download issues it, later ones give the
 * same certificate. A request that is not completed yet is refused with the server's Arabic reason.
 */
export const RequestCertificateDialog = ({ onClose }: { onClose: (issued: boolean) => void }) => {
  const notify = useNotify();
  const translate = useTranslate();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    const id = Number(toWesternDigits(number).replace(/[^\d]/g, ''));
    if (!Number.isSafeInteger(id) || id < 1) return setError(translate('app.certificates_list.invalid_request_number'));
    setBusy(true);
    try {
      await downloadCertificatePdf(
        dataProvider,
        requestCertificatePdfPath(id),
        `${translate('app.certificates_list.request_file_name', { id })}.pdf`,
      );
      notify(translate('app.certificates_list.request_downloaded'), { type: 'success' });
      onClose(true);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : translate('app.certificates_list.download_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="request-certificate-title" maxWidth="xs" fullWidth>
      <DialogTitle id="request-certificate-title">{translate('app.certificates_list.request_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, paddingBlockStart: '8px !important' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.certificates_list.request_intro')}
        </Typography>
        <TextField
          label={translate('app.desk.archive.number')}
          required
          value={number}
          onChange={(e) => {
            setNumber(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} sx={{ minHeight: 44 }}>
          {translate('app.common.cancel')}
        </Button>
        <Button variant="contained" onClick={download} disabled={busy} sx={{ minHeight: 44 }}>
          {translate('app.certificates_list.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
