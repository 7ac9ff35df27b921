import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { API_PATHS } from '@shared/api/admin-paths';
import { BackIcon } from '../../components/DirectionalIcons';
import { apiRequest } from '../../providers/httpClient';
import { failureText } from '../../providers/errorMessage';
import { clearSession } from '../../providers/session';
import { LoginField } from './LoginField';
import { useLoginKit } from './loginKit';

interface EmergencyQuestion {
  isActive?: boolean;
  securityQuestion?: string;
}

type Stage = { kind: 'code' } | { kind: 'question'; masterCode: string; question: string };

interface EmergencyStepProps {
  onBack: () => void;
}

/**
 * Emergency access (spec: admin-side sections 2 and 4): the master code first
 * (POST /api/auth/emergency-question); the security question only when the code is active; then
 * POST /api/auth/emergency-access through authProvider.login, which stores the one-hour session.
 */
export const EmergencyStep = ({ onBack }: EmergencyStepProps) => {
  const { translate, signIn } = useLoginKit();
  const [stage, setStage] = useState<Stage>({ kind: 'code' });
  const [masterCode, setMasterCode] = useState('');
  const [answer, setAnswer] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const checkCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const code = masterCode.trim();
    setError(null);
    if (!code) {
      setFieldError(translate('app.emergency.master_code_required'));
      return;
    }
    setFieldError(null);
    setLoading(true);
    try {
      clearSession(); // a stale stored session must not block this call
      const data = await apiRequest<EmergencyQuestion | undefined>(API_PATHS.auth.emergencyQuestion, {
        method: 'POST',
        json: { masterCode: code },
      });
      if (!data || typeof data !== 'object') {
        setError(translate('app.errors.connection_unexpected'));
      } else if (data.isActive !== true) {
        setError(translate('app.emergency.not_active'));
      } else {
        setAnswer('');
        setStage({ kind: 'question', masterCode: code, question: data.securityQuestion ?? '' });
      }
    } catch (caught) {
      setError(failureText(caught, translate, 'app.emergency.check_failed'));
    } finally {
      setLoading(false);
    }
  };

  const submitAnswer = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || stage.kind !== 'question') return;
    setError(null);
    if (!answer.trim()) {
      setFieldError(translate('app.emergency.answer_required'));
      return;
    }
    setFieldError(null);
    setLoading(true);
    try {
      await signIn({ masterCode: stage.masterCode, securityAnswer: answer }, 'app.emergency.granted');
    } catch (caught) {
      setError(failureText(caught, translate, 'app.emergency.access_failed'));
      setLoading(false);
    }
  };

  const spinner = loading ? <CircularProgress size={20} color="inherit" thickness={5} /> : null;

  if (stage.kind === 'question') {
    return (
      <Box component="form" onSubmit={submitAnswer} noValidate>
        <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 0.5 }}>
          {translate('app.emergency.question')}
        </Typography>
        <Typography data-testid="security-question" sx={{ fontWeight: 700, marginBlockEnd: 2, overflowWrap: 'anywhere' }}>
          {stage.question}
        </Typography>
        {error ? (
          <Alert severity="error" role="alert" sx={{ marginBlockEnd: 2 }}>
            {error}
          </Alert>
        ) : null}
        <LoginField
          id="security-answer"
          name="securityAnswer"
          label={translate('app.emergency.answer')}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          error={!!fieldError}
          helperText={fieldError ?? ' '}
          autoFocus
          autoComplete="off"
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
          {translate(loading ? 'app.emergency.submitting' : 'app.emergency.submit')}
        </Button>
        <Button
          variant="text"
          fullWidth
          startIcon={<BackIcon />}
          onClick={() => {
            setError(null);
            setFieldError(null);
            setStage({ kind: 'code' });
          }}
          sx={{ marginBlockStart: 1 }}
        >
          {translate('app.emergency.back_to_code')}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" onSubmit={checkCode} noValidate>
      <Typography color="text.secondary" sx={{ marginBlockEnd: 2 }}>
        {translate('app.emergency.description')}
      </Typography>
      <Alert severity="info" sx={{ marginBlockEnd: 2 }}>
        {translate('app.emergency.notice')}
      </Alert>
      {error ? (
        <Alert severity="error" role="alert" sx={{ marginBlockEnd: 2 }}>
          {error}
        </Alert>
      ) : null}
      <LoginField
        id="master-code"
        name="masterCode"
        label={translate('app.emergency.master_code')}
        value={masterCode}
        onChange={(e) => setMasterCode(e.target.value.toUpperCase())}
        error={!!fieldError}
        helperText={fieldError ?? ' '}
        autoFocus
        autoComplete="off"
        disabled={loading}
        required
        inputProps={{ dir: 'ltr', spellCheck: false, style: { textAlign: 'center', letterSpacing: '0.08em' } }}
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
        {translate(loading ? 'app.emergency.checking' : 'app.emergency.next')}
      </Button>
      <Button variant="text" fullWidth startIcon={<BackIcon />} onClick={onBack} sx={{ marginBlockStart: 1 }}>
        {translate('app.emergency.back')}
      </Button>
    </Box>
  );
};
