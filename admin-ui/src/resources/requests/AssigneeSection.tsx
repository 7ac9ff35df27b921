import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { validateAssignee } from '@shared/assignee';
import { isApiError } from '../../providers/httpClient';
import { PhoneLinks } from './fields';
import { useRequestsApi } from './requestsApi';

type Errors = { name?: string; phone?: string };

/** The volunteer or driver collecting the request: shown with a call link, set, changed or removed. */
export const AssigneeSection = ({ record, onChange }: { record: AdminRequestRow; onChange: (row: AdminRequestRow) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useRequestsApi();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(record.assigneeName ?? '');
  const [phone, setPhone] = useState(record.assigneePhone ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const save = async (assignee: { name: string; phone: string } | null) => {
    setBusy(true);
    try {
      const row = await api.setAssignee(record, assignee);
      onChange(row);
      refresh();
      setEditing(false);
      notify(
        row.assigneeName ? translate('app.desk.assignee.assigned', { name: row.assigneeName }) : translate('app.desk.assignee.removed'),
        {
          type: 'success',
        },
      );
    } catch (err) {
      const fields = isApiError(err) ? err.envelope?.errors : undefined;
      if (fields) setErrors({ name: fields['assignee.name'], phone: fields['assignee.phone'] });
      else notify(isApiError(err) ? err.message : translate('app.desk.assignee.save_failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateAssignee({ name, phone });
    if (!checked.ok) return setErrors(checked.errors);
    void save({ name: checked.value.name, phone: checked.value.phone ?? '' });
  };

  return (
    <Stack component="section" aria-labelledby={`assignee-${record.id}`} spacing={1} sx={{ marginBlockEnd: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={`assignee-${record.id}`} variant="subtitle1" component="h3" sx={{ marginInlineEnd: 'auto' }}>
          {translate('app.desk.assignee.title')}
        </Typography>
        {!editing && (
          <Button size="small" onClick={() => setEditing(true)} sx={{ minHeight: 44 }}>
            {record.assigneeName ? translate('app.desk.assignee.change') : translate('app.desk.assignee.assign')}
          </Button>
        )}
      </Box>
      {!editing ? (
        record.assigneeName ? (
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {record.assigneeName}
            </Typography>
            {record.assigneePhone && <PhoneLinks phone={record.assigneePhone} />}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.desk.assignee.none')}
          </Typography>
        )
      ) : (
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <TextField
            size="small"
            label={translate('app.desk.assignee.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? ' '}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            size="small"
            label={translate('app.desk.assignee.phone')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={Boolean(errors.phone)}
            helperText={errors.phone ?? translate('app.desk.assignee.phone_hint')}
            slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr' } }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', gridColumn: '1 / -1' }}>
            <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 44 }}>
              {translate('app.desk.assignee.save')}
            </Button>
            {record.assigneeName && (
              <Button color="error" disabled={busy} onClick={() => void save(null)} sx={{ minHeight: 44 }}>
                {translate('app.desk.assignee.remove')}
              </Button>
            )}
            <Button
              disabled={busy}
              onClick={() => {
                setEditing(false);
                setErrors({});
              }}
              sx={{ minHeight: 44 }}
            >
              {translate('app.common.cancel')}
            </Button>
          </Box>
        </Box>
      )}
    </Stack>
  );
};
