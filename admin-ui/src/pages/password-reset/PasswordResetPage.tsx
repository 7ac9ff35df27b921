import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { LinkBase, useNavigate, useTranslate } from 'react-admin';
import { API_PATHS } from '@shared/api/admin-paths';
import { AuthShell } from '../../components/AuthShell';
import { BackIcon } from '../../components/DirectionalIcons';
import { Ltr } from '../../components/Ltr';
import { apiRequest } from '../../providers/httpClient';
import { failureText } from '../../providers/errorMessage';
import { ROUTES, adminUrl } from '../../routes';
import { normalizeCode } from '../login/verificationCode';
import { resetConfirmProblems, type ResetConfirmValues } from './resetRules';

/** Delay before going back to the login page after a successful reset (spec: admin-side section 9). */
export const RESET_REDIRECT_MS = 2000;

type Stage = { kind: 'request' } | { kind: 'confirm'; username: string; message?: string } | { kind: 'done'; message?: string };

/**
 * /admin/password-reset, reachable without a session (spec: admin-side sections 2, 4, 5, 8).
 * Step 1 sends the username (POST /api/auth/reset-password); step 2 sends the code and the new
 * password (POST /api/auth/confirm-reset); on success the page says so and returns to login after 2 s.
 */
export const PasswordResetPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ kind: 'request' });
  const [username, setUsername] = useState('');
  const [values, setValues] = useState<ResetConfirmValues>({ verificationCode: '', newPassword: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof ResetConfirmValues | 'username', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    document.title = `${translate('app.password_reset.title')} · ${translate('app.short_title')}`;
  }, [translate]);

  useEffect(() => {
    if (stage.kind !== 'done') return undefined;
    const timer = window.setTimeout(() => navigate(adminUrl(ROUTES.login), { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [stage.kind, navigate]);

  const requestCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const name = username.trim();
    setError(null);
    if (!name) {
      setFieldErrors({ username: translate('app.password_reset.username_required') });
      return;
    }
    setFieldErrors({});
    setLoading(true);
    try {
      const data = await apiRequest<{ message?: string } | undefined>(API_PATHS.auth.resetPassword, {
        method: 'POST',
        json: { username: name },
      });
      setValues({ verificationCode: '', newPassword: '', confirmPassword: '' });
      setStage({ kind: 'confirm', username: name, message: data?.message });
    } catch (caught) {
      setError(failureText(caught, translate, 'app.password_reset.request_failed'));
    } finally {
      setLoading(false);
    }
  };

  const confirmReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || stage.kind !== 'confirm') return;
    setError(null);
    const problems = resetConfirmProblems(values);
    if (Object.keys(problems).length > 0) {
      setFieldErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, translate(key)])));
      return;
    }
    setFieldErrors({});
    setLoading(true);
    try {
      const data = await apiRequest<{ message?: string } | undefined>(API_PATHS.auth.confirmReset, {
        method: 'POST',
        json: { username: stage.username, verificationCode: values.verificationCode, newPassword: values.newPassword },
      });
      setStage({ kind: 'done', message: data?.message });
    } catch (caught) {
      setError(failureText(caught, translate, 'app.password_reset.confirm_failed'));
    } finally {
      setLoading(false);
    }
  };

  const spinner = loading ? <CircularProgress size={20} color="inherit" thickness={5} /> : null;
  const errorAlert = error ? (
    <Alert severity="error" role="alert" sx={{ marginBlockEnd: 2 }}>
      {error}
    </Alert>
  ) : null;
  const backToLogin = (
    <Button component={LinkBase} to={adminUrl(ROUTES.login)} variant="text" startIcon={<BackIcon />}>
      {translate('app.password_reset.back_to_login')}
    </Button>
  );

  if (stage.kind === 'done') {
    return (
      <AuthShell title={translate('app.password_reset.title')}>
        <Alert severity="success" role="status" icon={<CheckCircleIcon />} sx={{ marginBlockEnd: 2 }}>
          <Typography component="p" sx={{ fontWeight: 700 }}>
            {translate('app.password_reset.success')}
          </Typography>
          {stage.message ? <Typography component="p">{stage.message}</Typography> : null}
          <Typography component="p" variant="body2" sx={{ marginBlockStart: 0.5 }}>
            {translate('app.password_reset.redirecting')}
          </Typography>
        </Alert>
        {backToLogin}
      </AuthShell>
    );
  }

  if (stage.kind === 'confirm') {
    const set = (field: keyof ResetConfirmValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
    return (
      <AuthShell title={translate('app.password_reset.title')} footer={backToLogin}>
        <Box component="form" onSubmit={confirmReset} noValidate>
          {stage.message ? (
            <Alert severity="info" sx={{ marginBlockEnd: 2 }}>
              {stage.message}
            </Alert>
          ) : null}
          <Typography variant="body2" sx={{ marginBlockEnd: 2 }}>
            {translate('app.password_reset.account')} <Ltr>{stage.username}</Ltr>
          </Typography>
          {errorAlert}
          <TextField
            name="verificationCode"
            label={translate('app.password_reset.code')}
            value={values.verificationCode}
            onChange={(e) => set('verificationCode')(normalizeCode(e.target.value))}
            error={!!fieldErrors.verificationCode}
            helperText={fieldErrors.verificationCode ?? ' '}
            autoFocus
            disabled={loading}
            required
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                pattern: '[0-9]*',
                dir: 'ltr',
                autoComplete: 'one-time-code',
                style: { textAlign: 'center', letterSpacing: '0.4em', fontWeight: 600 },
              },
            }}
          />
          <TextField
            name="newPassword"
            type="password"
            label={translate('app.password_reset.new_password')}
            value={values.newPassword}
            onChange={(e) => set('newPassword')(e.target.value)}
            error={!!fieldErrors.newPassword}
            helperText={fieldErrors.newPassword ?? ' '}
            autoComplete="new-password"
            disabled={loading}
            required
          />
          <TextField
            name="confirmPassword"
            type="password"
            label={translate('app.password_reset.confirm_password')}
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword')(e.target.value)}
            error={!!fieldErrors.confirmPassword}
            helperText={fieldErrors.confirmPassword ?? ' '}
            autoComplete="new-password"
            disabled={loading}
            required
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={loading}
            startIcon={spinner}
            sx={{ marginBlockStart: 1, minHeight: 48, fontSize: '1rem' }}
          >
            {translate(loading ? 'app.password_reset.submitting' : 'app.password_reset.submit')}
          </Button>
          <Button
            variant="outlined"
            fullWidth
            startIcon={<BackIcon />}
            disabled={loading}
            onClick={() => {
              setError(null);
              setFieldErrors({});
              setStage({ kind: 'request' });
            }}
            sx={{ marginBlockStart: 1.5 }}
          >
            {translate('app.password_reset.back')}
          </Button>
        </Box>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={translate('app.password_reset.title')} footer={backToLogin}>
      <Box component="form" onSubmit={requestCode} noValidate>
        <Typography color="text.secondary" sx={{ marginBlockEnd: 2, lineHeight: 1.8 }}>
          {translate('app.password_reset.intro')}
        </Typography>
        <Alert severity="warning" sx={{ marginBlockEnd: 2 }}>
          {translate('app.password_reset.warning')}
        </Alert>
        {errorAlert}
        <TextField
          name="username"
          label={translate('app.password_reset.username')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={!!fieldErrors.username}
          helperText={fieldErrors.username ?? ' '}
          autoComplete="username"
          autoFocus
          disabled={loading}
          required
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={loading}
          startIcon={spinner}
          sx={{ marginBlockStart: 1, minHeight: 48, fontSize: '1rem' }}
        >
          {translate(loading ? 'app.password_reset.sending' : 'app.password_reset.send_code')}
        </Button>
      </Box>
    </AuthShell>
  );
};
