import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, IconButton, Skeleton, Stack, Switch, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/AddLocationAltOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MappedIcon from '@mui/icons-material/PlaceOutlined';
import { useDelete, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { ImportantPlace } from '@shared/api/content-admin';
import { IMPORTANT_PLACE_GROUP_LABELS, IMPORTANT_PLACE_GROUPS } from '@shared/labels';
import { useNotifyError } from '../../providers/useNotifyError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { usePlaces } from './locationsApi';
import { PlaceDialog } from './PlaceDialog';
import { LoadFailed } from '../../components/LoadFailed';

const TOUCH = { minWidth: 44, minHeight: 44 };

/** One place: its name, whether it is on the map, and its switch, edit and delete. */
const PlaceRow = ({
  place,
  onToggle,
  onEdit,
  onDelete,
}: {
  place: ImportantPlace;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) => {
  const translate = useTranslate();
  const mapped = place.latitude !== null && place.longitude !== null;
  return (
    <Box
      component="li"
      data-testid="important-place"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        paddingInlineStart: 1.5,
        paddingInlineEnd: 0.5,
        paddingBlock: 0.5,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, opacity: place.isActive ? 1 : 0.6, overflowWrap: 'anywhere' }}>
          {place.label}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, marginBlockStart: 0.25 }}>
          {mapped ? (
            <Chip size="small" variant="outlined" color="primary" icon={<MappedIcon />} label={translate('app.places.on_map')} />
          ) : (
            <Chip size="small" variant="outlined" label={translate('app.places.off_map')} />
          )}
          {place.isActive ? null : <Chip size="small" label={translate('app.places.inactive')} />}
        </Box>
      </Box>
      <Switch
        checked={place.isActive}
        onChange={onToggle}
        slotProps={{ input: { 'aria-label': translate('app.places.toggle_label', { name: place.label }) } }}
      />
      <IconButton aria-label={translate('app.places.edit_label', { name: place.label })} onClick={onEdit} sx={TOUCH}>
        <EditIcon />
      </IconButton>
      <IconButton aria-label={translate('app.places.delete_label', { name: place.label })} onClick={onDelete} color="error" sx={TOUCH}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
};

/**
 * Important places: listed under their groups; added and edited in one dialog (name, group, position on
 * the map), activated or deactivated, deleted after a confirmation.
 */
export const PlacesCard = () => {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const { data, isPending, isError, refetch } = usePlaces();
  // react-admin keeps the list: an update merges the answer into it, a delete reads it again.
  const [update] = useUpdate<ImportantPlace>();
  const [deleteOne] = useDelete<ImportantPlace>();
  // undefined: no dialog; null: adding; a place: editing it.
  const [editing, setEditing] = useState<ImportantPlace | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<ImportantPlace | null>(null);

  const toggle = (place: ImportantPlace) =>
    update(
      'important-places',
      { id: place.id, data: { label: place.label, isActive: !place.isActive }, previousData: place },
      {
        onSuccess: () => notify(translate(place.isActive ? 'app.places.deactivated' : 'app.places.activated'), { type: 'success' }),
        onError: (error) => notifyError(error, 'app.places.update_failed'),
      },
    );

  const remove = () => {
    if (!toDelete) return;
    void deleteOne(
      'important-places',
      { id: toDelete.id, previousData: toDelete },
      {
        onSuccess: () => notify(translate('app.places.deleted'), { type: 'success' }),
        onError: (error) => notifyError(error, 'app.places.delete_failed'),
        onSettled: () => setToDelete(null),
      },
    );
  };

  const groups = IMPORTANT_PLACE_GROUPS.map((key) => ({ key, places: (data ?? []).filter((p) => p.group === key) })).filter(
    (g) => g.places.length > 0,
  );

  return (
    <Card component="section" aria-labelledby="places-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Box>
            <Typography id="places-title" variant="h6" component="h2">
              {translate('app.places.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.places.intro')}
            </Typography>
          </Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {translate('app.places.add')}
          </Button>
        </Box>
        {isError && <LoadFailed message="app.places.load_failed" onRetry={refetch} />}
        {isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : data && data.length === 0 ? (
          <Typography color="text.secondary">{translate('app.places.empty')}</Typography>
        ) : (
          groups.map((group) => (
            <Box key={group.key} component="section" aria-labelledby={`places-group-${group.key}`} sx={{ display: 'grid', gap: 1 }}>
              <Typography id={`places-group-${group.key}`} variant="subtitle1" component="h3">
                {IMPORTANT_PLACE_GROUP_LABELS[group.key]}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({group.places.length})
                </Typography>
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {group.places.map((p) => (
                  <PlaceRow
                    key={p.id}
                    place={p}
                    onToggle={() => void toggle(p)}
                    onEdit={() => setEditing(p)}
                    onDelete={() => setToDelete(p)}
                  />
                ))}
              </Stack>
            </Box>
          ))
        )}
      </CardContent>
      {editing !== undefined && <PlaceDialog place={editing} onClose={() => setEditing(undefined)} />}
      {toDelete && (
        <ConfirmDialog
          title={translate('app.places.delete_title')}
          text={translate('app.places.delete_text', { name: toDelete.label })}
          onCancel={() => setToDelete(null)}
          onConfirm={remove}
        />
      )}
    </Card>
  );
};
