import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { errorMessage } from '../../providers/errorMessage';
import { BackIcon } from '../../components/DirectionalIcons';
import { Ltr } from '../../components/Ltr';
import { isCompleteCode, normalizeCode } from './verificationCode';
import { LoginField } from './LoginField';
import { useLoginKit } from './loginKit';

interface VerificationStepProps {
  username: string;
  /** The server's explanation of where the code went, when it sent one. */
  serverMessage?: string;
  onBack: () => void;
}

/**
 * Second login step when the server answers requiresVerification: the 6-digit WhatsApp code
 * (POST /api/auth/verify-login through authProvider.login, which stores the session).
 */
export const VerificationStep = ({ username, serverMessage, onBack }: VerificationStepProps) => {
  const { translate, notify, signIn } = useLoginKit();
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const complete = isCompleteCode(code);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || loading) return;
    setLoading(true);
    try {
      await signIn({ username, verificationCode: code });
    } catch (error) {
      notify(errorMessage(error, translate, 'app.verify.failed'), 'error');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate>
      <Typography color="text.secondary" sx={{ marginBlockEnd: 1 }}>
        {serverMessage || translate('app.verify.instructions')}
      </Typography>
      <Typography variant="body2" sx={{ marginBlockEnd: 2 }}>
        {translate('app.verify.signed_in_as')} <Ltr>{username}</Ltr>
      </Typography>
      <LoginField
        id="verification-code"
        name="verificationCode"
        label={translate('app.verify.code')}
        value={code}
        onChange={(event) => setCode(normalizeCode(event.target.value))}
        helperText={translate('app.verify.code_hint')}
        autoFocus
        disabled={loading}
        autoComplete="one-time-code"
        inputProps={{
          inputMode: 'numeric',
          pattern: '[0-9]*',
          dir: 'ltr',
          // The letter spacing also follows the last digit; the left padding balances it.
          style: { textAlign: 'center', letterSpacing: '0.5em', paddingLeft: '0.5em', fontSize: '1.5rem', fontWeight: 600 },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!complete || loading}
        startIcon={loading ? <CircularProgress size={20} color="inherit" thickness={5} /> : null}
        sx={{ marginBlockStart: 1.5, minHeight: 48, fontSize: '1rem' }}
      >
        {translate(loading ? 'app.verify.submitting' : 'app.verify.submit')}
      </Button>
      <Button variant="text" fullWidth startIcon={<BackIcon />} onClick={onBack} sx={{ marginBlockStart: 1 }}>
        {translate('app.verify.back')}
      </Button>
    </Box>
  );
};
