import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { parseCapacity, PICKUP_MESSAGES } from '@shared/pickups';
import { Ltr } from '../../components/Ltr';
import type { CharityDataProvider } from '../../providers/customMethods';
import { isApiError } from '../../providers/httpClient';
import { useCapacity } from './pickupsApi';
import { LoadFailed } from '../../components/LoadFailed';

/** The dialog that sets the daily capacity (empty: no limit); the server's field error shows under the field. */
const CapacityDialog = ({ current, onClose }: { current: number | null; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [value, setValue] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const parsed = parseCapacity(value);
    if (parsed === undefined) {
      setError(PICKUP_MESSAGES.capacity);
      return;
    }
    setSaving(true);
    try {
      const { data: result } = await dataProvider.savePickupCapacity(parsed);
      notify(result.message, { type: 'success' });
      // The capacity, the strip's full days and the counts read again.
      refresh();
      onClose();
    } catch (e) {
      setError((isApiError(e) && (e.envelope?.errors?.maxPerDay ?? e.envelope?.message)) || translate('app.capacity.failed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="capacity-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="capacity-dialog-title">{translate('app.capacity.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="capacity-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            autoFocus
            label={translate('app.capacity.field')}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            inputMode="numeric"
            error={!!error}
            helperText={error ?? translate('app.capacity.hint')}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.capacity.cancel')}</Button>
        <Button type="submit" form="capacity-form" variant="contained" disabled={saving}>
          {translate('app.capacity.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The capacity in one line with its edit button (the pickups screen, beside the strip). */
export const CapacityControl = () => {
  const translate = useTranslate();
  const { data } = useCapacity();
  const [open, setOpen] = useState(false);
  const max = data?.maxPerDay ?? null;
  return (
    <Box className="no-print" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2">
        {translate('app.capacity.title')}:{' '}
        <strong>
          {data === undefined ? '…' : max === null ? translate('app.capacity.none') : translate('app.capacity.value', { count: max })}
        </strong>
      </Typography>
      <Button size="small" startIcon={<TuneIcon />} onClick={() => setOpen(true)} disabled={data === undefined} sx={{ minHeight: 44 }}>
        {translate('app.capacity.edit')}
      </Button>
      {open ? <CapacityDialog current={max} onClose={() => setOpen(false)} /> : null}
    </Box>
  );
};

/** The settings page's card: the capacity, who set it and when, what it does, and its edit button. */
export const CapacityCard = () => {
  const translate = useTranslate();
  const query = useCapacity();
  const [open, setOpen] = useState(false);
  return (
    <Card component="section" aria-labelledby="capacity-card-title" sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, padding: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <TuneIcon color="primary" aria-hidden />
          <Typography id="capacity-card-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate('app.capacity.title')}
          </Typography>
        </Box>
        {query.isPending ? (
          <Skeleton variant="rounded" height={60} />
        ) : query.isError ? (
          <LoadFailed message="app.pickups.load_failed" onRetry={query.refetch} />
        ) : (
          <>
            <Typography variant="h5" component="p">
              {query.data.maxPerDay === null
                ? translate('app.capacity.none')
                : translate('app.capacity.value', { count: query.data.maxPerDay })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.capacity.explain')}
            </Typography>
            {query.data.updatedAt && query.data.updatedBy ? (
              <Typography variant="caption" color="text.secondary">
                {translate('app.capacity.updated', { date: formatDateTimeWithHijri(new Date(query.data.updatedAt)) })}{' '}
                <Ltr>{query.data.updatedBy}</Ltr>
              </Typography>
            ) : null}
            <Box>
              <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setOpen(true)}>
                {translate('app.capacity.edit')}
              </Button>
            </Box>
          </>
        )}
        {open && query.data ? <CapacityDialog current={query.data.maxPerDay} onClose={() => setOpen(false)} /> : null}
      </CardContent>
    </Card>
  );
};
