import { useState } from 'react';
import { Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import type { VolunteerRow } from '@shared/api/volunteers';
import { useNotifyError } from '../../providers/useNotifyError';
import { PhoneLinks } from './fields';
import { useRequestsApi } from './requestsApi';

/** The active volunteers to choose from, by name (the list's first 100: the charity has about 25). */
function useActiveVolunteers(enabled: boolean) {
  return useGetList<VolunteerRow>(
    'volunteers',
    { filter: { active: true }, sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 100 } },
    { enabled },
  );
}

/** Where a volunteer serves, to choose well: their areas, or «كل المناطق». */
const servesText = (translate: (key: string) => string, v: VolunteerRow) =>
  v.areaNames.length ? v.areaNames.join(' · ') : translate('app.volunteers.every_area');

/**
 * Choose the volunteer who collects a request (or none): an autocomplete of the active volunteers, saved
 * through react-admin's update of 'requests' (PATCH {volunteerId}). `onSaved` gets the updated request.
 */
export const VolunteerPicker = ({
  record,
  onSaved,
  onCancel,
}: {
  record: Pick<AdminRequestRow, 'id' | 'volunteerId' | 'volunteerName'>;
  onSaved: (row: AdminRequestRow) => void;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const fail = useNotifyError();
  const refresh = useRefresh();
  const api = useRequestsApi();
  const { data = [], isPending, error } = useActiveVolunteers(true);
  const [chosen, setChosen] = useState<VolunteerRow | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (volunteerId: number | null) => {
    setBusy(true);
    try {
      const row = await api.setVolunteer(record, volunteerId);
      onSaved(row);
      refresh();
      notify(
        row.volunteerName ? translate('app.desk.assignee.assigned', { name: row.volunteerName }) : translate('app.desk.assignee.removed'),
        {
          type: 'success',
        },
      );
    } catch (err) {
      fail(err, 'app.desk.assignee.save_failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) void save(chosen.id);
      }}
      noValidate
      sx={{ display: 'grid', gap: 1.25 }}
    >
      <Autocomplete
        options={data.filter((v) => v.id !== record.volunteerId)}
        loading={isPending}
        value={chosen}
        onChange={(_, value) => setChosen(value)}
        getOptionLabel={(v) => v.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={translate(error ? 'app.volunteers.load_failed' : 'app.desk.assignee.no_volunteers')}
        loadingText={translate('ra.page.loading')}
        renderOption={({ key, ...props }, v) => (
          <Box component="li" key={key} {...props} sx={{ display: 'grid !important', justifyItems: 'start' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {v.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[servesText(translate, v), v.vehicle].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        )}
        renderInput={(params) => <TextField {...params} size="small" label={translate('app.desk.assignee.choose')} autoFocus />}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy || !chosen} sx={{ minHeight: 44 }}>
          {translate('app.desk.assignee.save')}
        </Button>
        {record.volunteerId !== null && (
          <Button color="error" disabled={busy} onClick={() => void save(null)} sx={{ minHeight: 44 }}>
            {translate('app.desk.assignee.remove')}
          </Button>
        )}
        <Button disabled={busy} onClick={onCancel} sx={{ minHeight: 44 }}>
          {translate('app.common.cancel')}
        </Button>
      </Box>
    </Box>
  );
};

/** The request's volunteer in its detail: shown with call and WhatsApp links, assigned, changed or removed. */
export const VolunteerSection = ({ record, onChange }: { record: AdminRequestRow; onChange: (row: AdminRequestRow) => void }) => {
  const translate = useTranslate();
  const [editing, setEditing] = useState(false);
  return (
    <Stack component="section" aria-labelledby={`assignee-${record.id}`} spacing={1} sx={{ marginBlockEnd: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={`assignee-${record.id}`} variant="subtitle1" component="h3" sx={{ marginInlineEnd: 'auto' }}>
          {translate('app.desk.assignee.title')}
        </Typography>
        {!editing && (
          <Button size="small" onClick={() => setEditing(true)} sx={{ minHeight: 44 }}>
            {record.volunteerName ? translate('app.desk.assignee.change') : translate('app.desk.assignee.assign')}
          </Button>
        )}
      </Box>
      {editing ? (
        <VolunteerPicker
          record={record}
          onSaved={(row) => {
            onChange(row);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : record.volunteerName ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {record.volunteerName}
          </Typography>
          {record.volunteerPhone && <PhoneLinks phone={record.volunteerPhone} />}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.desk.assignee.none')}
        </Typography>
      )}
    </Stack>
  );
};
