import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, InputAdornment } from '@mui/material';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { ROUTES, adminUrl } from '../../routes';
import { errorMessage } from '../../providers/errorMessage';
import type { VerificationRequired } from '../../providers/authProvider';
import type { SessionEndReason } from '../../providers/session';
import { LoginField } from './LoginField';
import { useLoginKit } from './loginKit';

interface CredentialsStepProps {
  endReason: SessionEndReason | null;
  onVerificationRequired: (answer: VerificationRequired) => void;
  onEmergency: () => void;
}

type FieldErrors = { username?: string; password?: string };

/**
 * What was typed into a field of the pre-rendered page before the script took it over (React would set
 * the field back to its empty state); '' anywhere else.
 */
function typedBeforeStart(name: string): string {
  if (typeof document === 'undefined') return '';
  const field = document.querySelector<HTMLInputElement>(`#root input[name="${name}"]`);
  return field?.value ?? '';
}

/** Username and password (POST /api/auth/login through authProvider.login); both required before sending. */
export const CredentialsStep = ({ endReason, onVerificationRequired, onEmergency }: CredentialsStepProps) => {
  const { translate, notify, signIn, Link } = useLoginKit();
  const [username, setUsername] = useState(() => typedBeforeStart('username'));
  const [password, setPassword] = useState(() => typedBeforeStart('password'));
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);
  // The pre-rendered page's button stays off until the script has taken the form over: pressed before,
  // the browser would send the form itself, the password in the address.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const missing: FieldErrors = {
      username: username.trim() ? undefined : translate('app.login.username_required'),
      password: password ? undefined : translate('app.login.password_required'),
    };
    setErrors(missing);
    if (missing.username || missing.password) return;
    setLoading(true);
    try {
      const answer = await signIn({ username: username.trim(), password });
      if (answer) onVerificationRequired(answer);
    } catch (error) {
      notify(errorMessage(error, translate, 'app.login.failed'), 'error');
    } finally {
      setLoading(false);
    }
  };

  const passwordToggle = translate(showPassword ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden');
  return (
    <Box component="form" onSubmit={handleSubmit} noValidate>
      {endReason ? (
        <Alert severity="warning" sx={{ marginBlockEnd: 2 }}>
          {translate(endReason === 'expired' ? 'app.auth.session_expired_hint' : 'app.auth.session_rejected_hint')}
        </Alert>
      ) : null}
      <LoginField
        name="username"
        id="username"
        label={translate('app.login.username')}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={!!errors.username}
        helperText={errors.username ?? ' '}
        autoComplete="username"
        autoFocus
        required
        disabled={loading}
      />
      <LoginField
        name="password"
        id="password"
        type={showPassword ? 'text' : 'password'}
        label={translate('app.login.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={!!errors.password}
        helperText={errors.password ?? ' '}
        autoComplete="current-password"
        required
        disabled={loading}
        endAdornment={
          <InputAdornment position="end">
            <IconButton aria-label={passwordToggle} onClick={() => setShowPassword((shown) => !shown)} size="large" edge="end">
              {showPassword ? <Visibility /> : <VisibilityOff />}
            </IconButton>
          </InputAdornment>
        }
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={loading || !live}
        startIcon={loading ? <CircularProgress size={20} color="inherit" thickness={5} /> : null}
        sx={{ marginBlockStart: 1.5, minHeight: 48, fontSize: '1rem' }}
      >
        {translate(loading ? 'app.login.submitting' : 'app.login.submit')}
      </Button>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          marginBlockStart: 2,
        }}
      >
        <Link to={adminUrl(ROUTES.passwordReset)} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, fontWeight: 600 }}>
          {translate('app.login.forgot_password')}
        </Link>
        <Button variant="text" color="inherit" startIcon={<KeyIcon />} onClick={onEmergency} sx={{ color: 'text.secondary' }}>
          {translate('app.login.emergency')}
        </Button>
      </Box>
    </Box>
  );
};
