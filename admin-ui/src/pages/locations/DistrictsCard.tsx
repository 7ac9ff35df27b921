import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { isApiError } from '../../providers/httpClient';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { addDistrict, deleteDistrict, fetchLocations, LOCATIONS_KEY } from './locationsApi';

const withMessage = (title: string, error: unknown) => (isApiError(error) ? `${title}: ${error.message}` : title);

/** Districts grouped by area: add one under an area, delete one (after a confirmation). */
export const DistrictsCard = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery({ queryKey: LOCATIONS_KEY, queryFn: fetchLocations });
  const [name, setName] = useState('');
  const [area, setArea] = useState('');
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: number; name: string } | null>(null);

  const add = async () => {
    if (!name.trim() || !area) return notify('يرجى إدخال اسم الحي واختيار المنطقة', { type: 'warning' });
    setBusy(true);
    try {
      await addDistrict(name, area);
      notify('تمت إضافة الحي بنجاح', { type: 'success' });
      setName('');
      await queryClient.invalidateQueries({ queryKey: LOCATIONS_KEY });
    } catch (error) {
      notify(withMessage('خطأ في إضافة الحي', error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    try {
      await deleteDistrict(toDelete.id);
      notify('تم حذف الحي بنجاح', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: LOCATIONS_KEY });
    } catch (error) {
      notify(withMessage('خطأ في حذف الحي', error), { type: 'error' });
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="districts-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="districts-title" variant="h6" component="h2">
          الأحياء
        </Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' } }}>
          <TextField select size="small" label="المنطقة" value={area} onChange={(e) => setArea(e.target.value)}>
            {(data?.areas ?? []).map((a) => (
              <MenuItem key={a.value} value={a.value}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="اسم الحي"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void add()}
          />
          <Button variant="contained" onClick={add} disabled={busy}>
            إضافة حي
          </Button>
        </Box>
        {isError && (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>إعادة المحاولة</Button>}>
            تعذّر تحميل الأحياء
          </Alert>
        )}
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
                      لا توجد أحياء
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
          title="حذف الحي"
          text={`هل تريد حذف حي «${toDelete.name}»؟ لن يظهر بعد الآن في نموذج الطلب.`}
          onCancel={() => setToDelete(null)}
          onConfirm={remove}
        />
      )}
    </Card>
  );
};
