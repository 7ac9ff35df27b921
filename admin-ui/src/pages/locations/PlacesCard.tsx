import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { ImportantPlace } from '@shared/api/content-admin';
import { Ltr } from '../../components/Ltr';
import { isApiError } from '../../providers/httpClient';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { addPlace, deletePlace, fetchPlaces, PLACES_KEY, updatePlace } from './locationsApi';

const REQUIRED = 'يرجى ملء جميع الحقول المطلوبة';
const withMessage = (title: string, error: unknown) => (isApiError(error) ? `${title}: ${error.message}` : title);

const EditPlaceDialog = ({ place, onClose }: { place: ImportantPlace; onClose: (saved: boolean) => void }) => {
  const notify = useNotify();
  const [value, setValue] = useState(place.value);
  const [label, setLabel] = useState(place.label);
  const [isActive, setIsActive] = useState(place.isActive);
  const save = async () => {
    if (!value.trim() || !label.trim()) return notify(REQUIRED, { type: 'warning' });
    try {
      await updatePlace(place.id, { value, label, isActive });
      notify('تم تحديث المكان بنجاح', { type: 'success' });
      onClose(true);
    } catch (error) {
      notify(withMessage('خطأ في تحديث المكان', error), { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="edit-place-title" maxWidth="xs" fullWidth>
      <DialogTitle id="edit-place-title">تعديل المكان</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, paddingBlockStart: '8px !important' }}>
        <TextField label="اسم المكان" value={label} onChange={(e) => setLabel(e.target.value)} required />
        <TextField
          label="الرمز (بالإنجليزية)"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <FormControlLabel
          control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
          label="مفعّل في نموذج الطلب"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>إلغاء</Button>
        <Button variant="contained" onClick={save}>
          حفظ
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Important places: add, edit in a dialog, activate or deactivate, delete. */
export const PlacesCard = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery({ queryKey: PLACES_KEY, queryFn: fetchPlaces });
  const [label, setLabel] = useState('');
  const [value, setValue] = useState('');
  const [editing, setEditing] = useState<ImportantPlace | null>(null);
  const [toDelete, setToDelete] = useState<ImportantPlace | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: PLACES_KEY });

  const add = async () => {
    if (!value.trim() || !label.trim()) return notify(REQUIRED, { type: 'warning' });
    try {
      await addPlace(value, label);
      notify('تمت إضافة المكان بنجاح', { type: 'success' });
      setLabel('');
      setValue('');
      await reload();
    } catch (error) {
      notify(withMessage('خطأ في إضافة المكان', error), { type: 'error' });
    }
  };

  const toggle = async (place: ImportantPlace) => {
    try {
      await updatePlace(place.id, { value: place.value, label: place.label, isActive: !place.isActive });
      notify(place.isActive ? 'تم إيقاف المكان' : 'تم تفعيل المكان', { type: 'success' });
      await reload();
    } catch (error) {
      notify(withMessage('خطأ في تحديث المكان', error), { type: 'error' });
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    try {
      await deletePlace(toDelete.id);
      notify('تم حذف المكان بنجاح', { type: 'success' });
      await reload();
    } catch (error) {
      notify(withMessage('خطأ في حذف المكان', error), { type: 'error' });
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="places-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="places-title" variant="h6" component="h2">
          الأماكن المهمة
        </Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' } }}>
          <TextField size="small" label="اسم المكان" value={label} onChange={(e) => setLabel(e.target.value)} />
          <TextField
            size="small"
            label="الرمز (بالإنجليزية)"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <Button variant="contained" onClick={add}>
            إضافة مكان
          </Button>
        </Box>
        {isError && (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>إعادة المحاولة</Button>}>
            تعذّر تحميل الأماكن
          </Alert>
        )}
        {isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="الأماكن المهمة">
            {data?.map((p) => (
              <Box
                component="li"
                key={p.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  paddingInline: 1.5,
                  paddingBlock: 0.5,
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, opacity: p.isActive ? 1 : 0.6 }}>
                    {p.label}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    <Ltr>{p.value}</Ltr>
                  </Typography>
                </Box>
                <Switch checked={p.isActive} onChange={() => void toggle(p)} slotProps={{ input: { 'aria-label': `تفعيل ${p.label}` } }} />
                <IconButton aria-label={`تعديل ${p.label}`} onClick={() => setEditing(p)}>
                  <EditIcon />
                </IconButton>
                <IconButton aria-label={`حذف ${p.label}`} onClick={() => setToDelete(p)} color="error">
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
      {editing && (
        <EditPlaceDialog
          place={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void reload();
          }}
        />
      )}
      {toDelete && (
        <ConfirmDialog title="حذف المكان" text={`هل تريد حذف «${toDelete.label}»؟`} onCancel={() => setToDelete(null)} onConfirm={remove} />
      )}
    </Card>
  );
};
