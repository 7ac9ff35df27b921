import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import AddIcon from '@mui/icons-material/AddOutlined';
import CasinoIcon from '@mui/icons-material/CasinoOutlined';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Ltr } from '../../components/Ltr';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { apiRequest } from '../../providers/httpClient';
import { errorMessage } from '../../providers/errorMessage';
import { useNotifyError } from '../../providers/useNotifyError';
import { generateEmergencyCode } from './emergencyCode';
import { formatInstant } from './format';
import { Panel, QueryContent } from './Panel';
import { SECURITY_KEYS, type EmergencyCode } from './securityApi';

const URL = '/api/admin/emergency-access-codes';

interface CreateValues {
  masterCode: string;
  securityQuestion: string;
  securityAnswer: string;
  expiresAt: string;
}

const EMPTY: CreateValues = { masterCode: '', securityQuestion: '', securityAnswer: '', expiresAt: '' };

type PendingAction = { kind: 'delete' | 'deactivate'; code: EmergencyCode } | null;

/** Emergency codes of the settings page: the list (codes masked), create with the generator, the full code shown once. */
export const EmergencyCodesPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [values, setValues] = useState<CreateValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CreateValues, string>>>({});
  const [createError, setCreateError] = useState<string | null>(null);
  const [shownCode, setShownCode] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingAction>(null);

  const query = useQuery({ queryKey: SECURITY_KEYS.emergencyCodes, queryFn: ({ signal }) => apiRequest<EmergencyCode[]>(URL, { signal }) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.emergencyCodes });
  const notifyError = useNotifyError();

  const create = useMutation({
    mutationFn: (body: Record<string, string>) => apiRequest<EmergencyCode>(URL, { method: 'POST', json: body }),
    onSuccess: (created, body) => {
      setCreating(false);
      setValues(EMPTY);
      setShownCode(created?.masterCode || body.masterCode);
      refresh();
    },
    onError: (error) => setCreateError(errorMessage(error, translate, 'app.emergency_codes.create_failed')),
  });
  const update = useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      apiRequest(`${URL}/${id}`, { method: 'PATCH', json: { isActive } }),
    onSuccess: () => {
      notify('app.emergency_codes.updated', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, 'app.emergency_codes.update_failed'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(`${URL}/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      notify('app.emergency_codes.deleted', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, 'app.emergency_codes.delete_failed'),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.masterCode.trim()) next.masterCode = translate('app.emergency_codes.master_code_required');
    if (!values.securityQuestion.trim()) next.securityQuestion = translate('app.emergency_codes.question_required');
    if (!values.securityAnswer.trim()) next.securityAnswer = translate('app.emergency_codes.answer_required');
    setErrors(next);
    setCreateError(null);
    if (Object.keys(next).length > 0) return;
    const body: Record<string, string> = {
      masterCode: values.masterCode.trim(),
      securityQuestion: values.securityQuestion.trim(),
      securityAnswer: values.securityAnswer,
    };
    // The date input gives a calendar day; the code stays valid until the end of that day in Riyadh.
    if (values.expiresAt) body.expiresAt = new Date(`${values.expiresAt}T23:59:59+03:00`).toISOString();
    create.mutate(body);
  };

  const copy = async () => {
    if (!shownCode) return;
    try {
      await navigator.clipboard.writeText(shownCode);
      notify('app.emergency_codes.copied', { type: 'success' });
    } catch {
      notify('app.emergency_codes.copy_failed', { type: 'warning' });
    }
  };

  const set = (field: keyof CreateValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const today = new Date().toISOString().slice(0, 10);

  return (
    <Panel
      id="emergency-codes-title"
      title={translate('app.emergency_codes.title')}
      icon={<KeyIcon />}
      action={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setValues({ ...EMPTY, masterCode: generateEmergencyCode() });
            setErrors({});
            setCreateError(null);
            setCreating(true);
          }}
        >
          {translate('app.emergency_codes.create')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 2 }}>
        {translate('app.emergency_codes.description')}
      </Typography>
      <QueryContent query={query}>
        {(rows) =>
          !Array.isArray(rows) || rows.length === 0 ? (
            <Typography color="text.secondary">{translate('app.emergency_codes.empty')}</Typography>
          ) : (
            <ResponsiveTable
              rows={rows}
              rowKey={(row) => row.id}
              labelledBy="emergency-codes-title"
              rowTestId="emergency-code-row"
              minWidth={820}
              columns={[
                {
                  label: translate('app.emergency_codes.code'),
                  render: (row) => <Ltr>{row.masterCode}</Ltr>,
                  sx: { fontFamily: 'monospace', whiteSpace: 'nowrap' },
                  title: true,
                },
                {
                  label: translate('app.emergency_codes.question'),
                  render: (row) => row.securityQuestion,
                  sx: { overflowWrap: 'anywhere' },
                },
                {
                  label: translate('app.emergency_codes.status'),
                  render: (row) => (
                    <Chip
                      size="small"
                      color={row.isActive ? 'success' : 'default'}
                      variant="outlined"
                      label={translate(row.isActive ? 'app.emergency_codes.active' : 'app.emergency_codes.inactive')}
                    />
                  ),
                },
                { label: translate('app.emergency_codes.usage'), render: (row) => <Ltr>{row.usageCount}</Ltr> },
                {
                  label: translate('app.emergency_codes.last_used'),
                  render: (row) => (
                    <>
                      {formatInstant(row.lastUsedAt) ?? translate('app.common.never')}
                      {row.lastUsedBy ? (
                        <>
                          {' · '}
                          <Ltr>{row.lastUsedBy}</Ltr>
                        </>
                      ) : null}
                    </>
                  ),
                },
                {
                  label: translate('app.emergency_codes.expires'),
                  render: (row) => formatInstant(row.expiresAt) ?? translate('app.emergency_codes.no_expiry'),
                },
                {
                  label: translate('app.emergency_codes.actions'),
                  sx: { whiteSpace: 'nowrap' },
                  render: (row) => (
                    <>
                      <Button
                        size="small"
                        disabled={update.isPending}
                        onClick={() =>
                          row.isActive ? setPending({ kind: 'deactivate', code: row }) : update.mutate({ id: row.id, isActive: true })
                        }
                      >
                        {translate(row.isActive ? 'app.emergency_codes.deactivate' : 'app.emergency_codes.activate')}
                      </Button>
                      <Tooltip title={translate('app.emergency_codes.delete')}>
                        <IconButton
                          color="error"
                          aria-label={translate('app.emergency_codes.delete')}
                          disabled={remove.isPending}
                          onClick={() => setPending({ kind: 'delete', code: row })}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </>
                  ),
                },
              ]}
            />
          )
        }
      </QueryContent>

      <Dialog
        open={creating}
        onClose={() => !create.isPending && setCreating(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="create-code-title"
      >
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id="create-code-title">{translate('app.emergency_codes.create_title')}</DialogTitle>
          <DialogContent>
            {createError ? (
              <Alert severity="error" role="alert" sx={{ marginBlockEnd: 1 }}>
                {createError}
              </Alert>
            ) : null}
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <TextField
                name="masterCode"
                label={translate('app.emergency_codes.master_code')}
                value={values.masterCode}
                onChange={(e) => set('masterCode')(e.target.value.toUpperCase())}
                error={!!errors.masterCode}
                helperText={errors.masterCode ?? ' '}
                required
                slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
              <Button
                variant="outlined"
                startIcon={<CasinoIcon />}
                onClick={() => set('masterCode')(generateEmergencyCode())}
                sx={{ marginBlockStart: 1, minHeight: 56, flexShrink: 0 }}
              >
                {translate('app.emergency_codes.generate')}
              </Button>
            </Box>
            <TextField
              name="securityQuestion"
              label={translate('app.emergency_codes.question')}
              value={values.securityQuestion}
              onChange={(e) => set('securityQuestion')(e.target.value)}
              error={!!errors.securityQuestion}
              helperText={errors.securityQuestion ?? ' '}
              required
            />
            <TextField
              name="securityAnswer"
              label={translate('app.emergency_codes.answer')}
              value={values.securityAnswer}
              onChange={(e) => set('securityAnswer')(e.target.value)}
              error={!!errors.securityAnswer}
              helperText={errors.securityAnswer ?? translate('app.emergency_codes.answer_hint')}
              autoComplete="off"
              required
            />
            <TextField
              name="expiresAt"
              type="date"
              label={translate('app.emergency_codes.expires_at')}
              value={values.expiresAt}
              onChange={(e) => set('expiresAt')(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            />
          </DialogContent>
          <DialogActions sx={{ paddingInline: 3, paddingBlockEnd: 2 }}>
            <Button onClick={() => setCreating(false)} disabled={create.isPending}>
              {translate('app.common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : null}
            >
              {translate('app.emergency_codes.save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>

      <Dialog open={shownCode !== null} fullWidth maxWidth="sm" aria-labelledby="shown-code-title">
        <DialogTitle id="shown-code-title">{translate('app.emergency_codes.created_title')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ marginBlockEnd: 2 }}>
            {translate('app.emergency_codes.created_warning')}
          </Alert>
          <Box
            data-testid="full-emergency-code"
            dir="ltr"
            sx={{
              fontFamily: 'monospace',
              fontSize: { xs: '1.15rem', sm: '1.5rem' },
              fontWeight: 700,
              textAlign: 'center',
              padding: 2,
              borderRadius: '10px',
              bgcolor: 'secondary.tint',
              overflowWrap: 'anywhere',
              userSelect: 'all',
            }}
          >
            {shownCode}
          </Box>
        </DialogContent>
        <DialogActions sx={{ paddingInline: 3, paddingBlockEnd: 2, gap: 1 }}>
          <Button variant="outlined" startIcon={<CopyIcon />} onClick={() => void copy()}>
            {translate('app.emergency_codes.copy')}
          </Button>
          <Button variant="contained" onClick={() => setShownCode(null)}>
            {translate('app.emergency_codes.done')}
          </Button>
        </DialogActions>
      </Dialog>

      <Confirm
        isOpen={pending !== null}
        title={translate(pending?.kind === 'delete' ? 'app.emergency_codes.delete' : 'app.emergency_codes.deactivate')}
        content={translate(pending?.kind === 'delete' ? 'app.emergency_codes.confirm_delete' : 'app.emergency_codes.confirm_deactivate', {
          code: pending?.code.masterCode ?? '',
        })}
        confirm={translate(pending?.kind === 'delete' ? 'app.emergency_codes.delete' : 'app.emergency_codes.deactivate')}
        confirmColor="warning"
        onConfirm={() => {
          if (pending?.kind === 'delete') remove.mutate(pending.code.id);
          else if (pending) update.mutate({ id: pending.code.id, isActive: false });
          setPending(null);
        }}
        onClose={() => setPending(null)}
      />
    </Panel>
  );
};
