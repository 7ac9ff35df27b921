import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/AddOutlined';
import CasinoIcon from '@mui/icons-material/CasinoOutlined';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useNotify, useTranslate } from 'react-admin';
import { failureText } from '../../providers/errorMessage';
import { generateEmergencyCode } from './emergencyCode';
import { useCreateEmergencyCode, type NewEmergencyCode } from './emergencyCodesApi';

interface Values {
  masterCode: string;
  securityQuestion: string;
  securityAnswer: string;
  expiresAt: string;
}

const EMPTY: Values = { masterCode: '', securityQuestion: '', securityAnswer: '', expiresAt: '' };

/** The full code, once, right after it is created (lists show it masked from then on). */
const ShownCodeDialog = ({ code, onClose }: { code: string | null; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      notify('app.emergency_codes.copied', { type: 'success' });
    } catch {
      notify('app.emergency_codes.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Dialog open={code !== null} fullWidth maxWidth="sm" aria-labelledby="shown-code-title">
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
          {code}
        </Box>
      </DialogContent>
      <DialogActions sx={{ paddingInline: 3, paddingBlockEnd: 2, gap: 1 }}>
        <Button variant="outlined" startIcon={<CopyIcon />} onClick={() => void copy()}>
          {translate('app.emergency_codes.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('app.emergency_codes.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * «إنشاء رمز جديد»: the button, the form (a generated code filled in, question, answer, optional
 * expiry day) and then the full code shown once.
 */
export const CreateEmergencyCodeButton = () => {
  const translate = useTranslate();
  const { createCode, isPending: creating } = useCreateEmergencyCode();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [createError, setCreateError] = useState<string | null>(null);
  const [shownCode, setShownCode] = useState<string | null>(null);

  const create = async (body: NewEmergencyCode) => {
    try {
      const created = await createCode(body);
      setOpen(false);
      setValues(EMPTY);
      setShownCode(created?.masterCode || body.masterCode);
    } catch (error) {
      setCreateError(failureText(error, translate, 'app.emergency_codes.create_failed'));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.masterCode.trim()) next.masterCode = translate('app.emergency_codes.master_code_required');
    if (!values.securityQuestion.trim()) next.securityQuestion = translate('app.emergency_codes.question_required');
    if (!values.securityAnswer.trim()) next.securityAnswer = translate('app.emergency_codes.answer_required');
    setErrors(next);
    setCreateError(null);
    if (Object.keys(next).length > 0) return;
    const body: NewEmergencyCode = {
      masterCode: values.masterCode.trim(),
      securityQuestion: values.securityQuestion.trim(),
      securityAnswer: values.securityAnswer,
    };
    // The date input gives a calendar day; the code stays valid until the end of that day in Riyadh.
    if (values.expiresAt) body.expiresAt = new Date(`${values.expiresAt}T23:59:59+03:00`).toISOString();
    void create(body);
  };

  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const today = new Date().toISOString().slice(0, 10);

  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => {
          setValues({ ...EMPTY, masterCode: generateEmergencyCode() });
          setErrors({});
          setCreateError(null);
          setOpen(true);
        }}
      >
        {translate('app.emergency_codes.create')}
      </Button>

      <Dialog open={open} onClose={() => !creating && setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="create-code-title">
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
            <Button onClick={() => setOpen(false)} disabled={creating}>
              {translate('app.common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={creating}
              startIcon={creating ? <CircularProgress size={16} color="inherit" /> : null}
            >
              {translate('app.emergency_codes.save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>

      <ShownCodeDialog code={shownCode} onClose={() => setShownCode(null)} />
    </>
  );
};
