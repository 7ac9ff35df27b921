import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Skeleton,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CentreIcon from '@mui/icons-material/CenterFocusStrongOutlined';
import ClearIcon from '@mui/icons-material/LocationOffOutlined';
import { useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { ImportantPlace } from '@shared/api/content-admin';
import { IMPORTANT_PLACE_GROUP_LABELS, IMPORTANT_PLACE_GROUPS, type ImportantPlaceGroup } from '@shared/labels';
import { YANBU_CENTER } from '../../components/map/mapConfig';
import { Ltr } from '../../components/Ltr';
import type { MapPoint } from '../../components/map/PointPickerMap';
import { isApiError } from '../../providers/httpClient';
import { failureText } from '../../providers/errorMessage';
import { useNotifyError } from '../../providers/useNotifyError';

// Leaflet and its tiles download only when the dialog opens.
const PointPickerMap = lazy(() => import('../../components/map/PointPickerMap'));

interface FieldErrors {
  label?: string;
  group?: string;
  position?: string;
}

/**
 * Adding or editing an important place: its Arabic name, its group (chosen by its Arabic name; the
 * public form lists the place under it) and, optionally, its position picked on the map (the pickups
 * map shows the place's requests there). No English code is asked for or shown: the server generates it.
 */
export const PlaceDialog = ({ place, onClose }: { place: ImportantPlace | null; onClose: (saved: boolean) => void }) => {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [label, setLabel] = useState(place?.label ?? '');
  const [group, setGroup] = useState<ImportantPlaceGroup | ''>(place?.group ?? '');
  const [isActive, setIsActive] = useState(place?.isActive ?? true);
  const [point, setPoint] = useState<MapPoint | null>(
    place?.latitude != null && place.longitude != null ? { latitude: place.latitude, longitude: place.longitude } : null,
  );
  const [centre, setCentre] = useState<MapPoint>(point ?? { latitude: YANBU_CENTER[0], longitude: YANBU_CENTER[1] });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // Through react-admin: a new place joins the list (read again), an edited one is merged into it.
  const [create] = useCreate<ImportantPlace>();
  const [update] = useUpdate<ImportantPlace>();
  // Said in the dialog too: the modal hides the toast region from screen readers while it is open.
  const [failure, setFailure] = useState<string | null>(null);
  const title = translate(place ? 'app.places.edit_title' : 'app.places.add_title');

  const save = async () => {
    const missing: FieldErrors = {
      ...(label.trim() ? {} : { label: translate('app.places.label_required') }),
      ...(group ? {} : { group: translate('app.places.group_required') }),
    };
    setErrors(missing);
    if (missing.label || missing.group || !group) return notify(translate('app.places.required'), { type: 'warning' });
    const body = { label: label.trim(), group, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
    setBusy(true);
    setFailure(null);
    try {
      if (place)
        await update('important-places', { id: place.id, data: { ...body, isActive }, previousData: place }, { returnPromise: true });
      else await create('important-places', { data: body }, { returnPromise: true });
      notify(translate(place ? 'app.places.updated' : 'app.places.added'), { type: 'success' });
      onClose(true);
    } catch (error) {
      // The server's field messages go under their fields; the toast says what happened.
      const fields = isApiError(error) ? (error.envelope?.errors ?? {}) : {};
      setErrors({ label: fields.label, group: fields.group, position: fields.latitude ?? fields.longitude });
      const heading = place ? 'app.places.update_failed' : 'app.places.add_failed';
      setFailure(failureText(error, translate, heading));
      notifyError(error, heading);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="place-dialog-title" maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id="place-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, paddingBlockStart: '8px !important' }}>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <TextField
          label={translate('app.places.label')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          required
          error={!!errors.label}
          helperText={errors.label}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          select
          label={translate('app.places.group')}
          value={group}
          onChange={(e) => setGroup(e.target.value as ImportantPlaceGroup)}
          required
          error={!!errors.group}
          helperText={errors.group ?? translate('app.places.group_hint')}
          slotProps={{ select: { MenuProps: { slotProps: { list: { 'aria-label': translate('app.places.groups_label') } } } } }}
        >
          {IMPORTANT_PLACE_GROUPS.map((key) => (
            <MenuItem key={key} value={key} sx={{ minHeight: 44 }}>
              {IMPORTANT_PLACE_GROUP_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        {place ? (
          <FormControlLabel
            control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
            label={translate('app.places.active')}
            sx={{ minHeight: 44 }}
          />
        ) : null}

        <Box component="section" aria-labelledby="place-map-title" sx={{ display: 'grid', gap: 1 }}>
          <Typography id="place-map-title" variant="subtitle1" component="h3">
            {translate('app.places.map_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.places.map_hint')}
          </Typography>
          <Suspense fallback={<Skeleton variant="rounded" height={phone ? 300 : 280} />}>
            <PointPickerMap
              point={point}
              onPick={(p) => {
                setPoint(p);
                setErrors((e) => ({ ...e, position: undefined }));
              }}
              onCentre={setCentre}
              label={translate('app.places.map_label')}
              markerLabel={translate('app.places.marker_label')}
              height={phone ? 300 : 280}
            />
          </Suspense>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" data-testid="place-position" sx={{ flex: '1 1 12rem' }}>
              {point ? (
                <>
                  {translate('app.places.position')} <Ltr>{`${point.latitude.toFixed(6)}, ${point.longitude.toFixed(6)}`}</Ltr>
                </>
              ) : (
                translate('app.places.no_position')
              )}
            </Typography>
            {/* From the keyboard: pan the map with the arrow keys, then place the marker at its centre. */}
            <Button size="small" startIcon={<CentreIcon />} onClick={() => setPoint(centre)} sx={{ minHeight: 44 }}>
              {translate('app.places.centre')}
            </Button>
            {point ? (
              <Button size="small" color="error" startIcon={<ClearIcon />} onClick={() => setPoint(null)} sx={{ minHeight: 44 }}>
                {translate('app.places.clear')}
              </Button>
            ) : null}
          </Box>
          {errors.position ? (
            <Typography variant="body2" color="error" role="alert">
              {errors.position}
            </Typography>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ paddingInline: 3, paddingBlockEnd: 2 }}>
        <Button onClick={() => onClose(false)} disabled={busy}>
          {translate('app.common.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {translate(place ? 'ra.action.save' : 'app.places.add_submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
