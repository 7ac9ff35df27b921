import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CharityDataProvider } from '../../providers/customMethods';
import { useNotifyError } from '../../providers/useNotifyError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLocations } from './locationsApi';
import { LoadFailed } from '../../components/LoadFailed';

/** Districts grouped by area: add one under an area, delete one (after a confirmation). */
export const DistrictsCard = () => {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const { data, isPending, isError, refetch } = useLocations();
  const [name, setName] = useState('');
  const [area, setArea] = useState('');
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: number; name: string } | null>(null);

  const add = async () => {
    if (!name.trim() || !area) return notify(translate('app.locations.district_required'), { type: 'warning' });
    setBusy(true);
    try {
      await dataProvider.addDistrict(name, area);
      notify(translate('app.locations.district_added'), { type: 'success' });
      setName('');
      await refetch();
    } catch (error) {
      notifyError(error, 'app.locations.district_add_failed');
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    try {
      await dataProvider.deleteDistrict(toDelete.id);
      notify(translate('app.locations.district_deleted'), { type: 'success' });
      await refetch();
    } catch (error) {
      notifyError(error, 'app.locations.district_delete_failed');
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="districts-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="districts-title" variant="h6" component="h2">
          {translate('app.locations.districts_title')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' } }}>
          <TextField select size="small" label={translate('app.locations.area')} value={area} onChange={(e) => setArea(e.target.value)}>
            {(data?.areas ?? []).map((a) => (
              <MenuItem key={a.value} value={a.value}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={translate('app.locations.district_name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void add()}
          />
          <Button variant="contained" onClick={add} disabled={busy}>
            {translate('app.locations.add_district')}
          </Button>
        </Box>
        {isError && <LoadFailed message="app.locations.districts_load_failed" onRetry={refetch} />}
        {isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          data?.areas.map((a) => {
            const districts = data.districts.filter((d) => d.areaValue === a.value);
            return (
              <Box component="section" key={a.value} aria-label={a.name}>
                <Typography variant="subtitle1" component="h3" sx={{ marginBlockEnd: 1 }}>
                  {a.name} <Chip size="small" label={districts.length} sx={{ height: 20 }} />
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {districts.map((d) => (
                    <Chip key={d.id} label={d.name} variant="outlined" onDelete={() => setToDelete({ id: d.id, name: d.name })} />
                  ))}
                  {!districts.length && (
                    <Typography variant="body2" color="text.secondary">
                      {translate('app.locations.no_districts')}
                    </Typography>
                  )}
                </Box>
              </Box>
            );
          })
        )}
      </CardContent>
      {toDelete && (
        <ConfirmDialog
          title={translate('app.locations.delete_district_title')}
          text={translate('app.locations.delete_district_text', { name: toDelete.name })}
          onCancel={() => setToDelete(null)}
          onConfirm={remove}
        />
      )}
    </Card>
  );
};
