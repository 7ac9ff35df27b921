import { useState } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import { Form, Link, PasswordInput, TextInput, required, useLogin, useNotify, useTranslate } from 'react-admin';
import { ROUTES, adminUrl } from '../../routes';
import { errorMessage } from '../../providers/errorMessage';
import { isVerificationRequired, type VerificationRequired } from '../../providers/authProvider';
import type { SessionEndReason } from '../../providers/session';

interface CredentialsValues {
  username: string;
  password: string;
}

interface CredentialsStepProps {
  /** Where to go once signed in (the page that sent the user to login), if any. */
  nextPath?: string;
  endReason: SessionEndReason | null;
  onVerificationRequired: (answer: VerificationRequired) => void;
  onEmergency: () => void;
}

const validateUsername = required('app.login.username_required');
const validatePassword = required('app.login.password_required');

/** Username and password (POST /api/auth/login through authProvider.login). */
export const CredentialsStep = ({ nextPath, endReason, onVerificationRequired, onEmergency }: CredentialsStepProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const [loading, setLoading] = useState(false);

  const handleSubmit = async (values: Record<string, unknown>) => {
    setLoading(true);
    try {
      const answer: unknown = await login(
        { username: String(values.username ?? '').trim(), password: String(values.password ?? '') },
        nextPath,
      );
      if (isVerificationRequired(answer)) onVerificationRequired(answer);
    } catch (error) {
      const message = errorMessage(error, translate, 'app.login.failed');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form<CredentialsValues> onSubmit={handleSubmit} noValidate>
      {endReason ? (
        <Alert severity="warning" sx={{ marginBlockEnd: 2 }}>
          {translate(endReason === 'expired' ? 'app.auth.session_expired_hint' : 'app.auth.session_rejected_hint')}
        </Alert>
      ) : null}
      <TextInput
        source="username"
        label="app.login.username"
        autoComplete="username"
        autoFocus
        disabled={loading}
        validate={validateUsername}
      />
      <PasswordInput
        source="password"
        label="app.login.password"
        autoComplete="current-password"
        disabled={loading}
        validate={validatePassword}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={loading}
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
    </Form>
  );
};
