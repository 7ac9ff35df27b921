import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, FormHelperText, TextField, Typography } from '@mui/material';
import PasswordIcon from '@mui/icons-material/PasswordOutlined';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloseIcon from '@mui/icons-material/HighlightOff';
import { useNotify, useTranslate } from 'react-admin';
import { API_PATHS } from '@shared/api/admin-paths';
import { apiRequest } from '../../../providers/httpClient';
import { useNotifyError } from '../../../providers/useNotifyError';
import { isCompleteCode, normalizeCode } from '../../login/verificationCode';
import { AdminCard } from './AdminCard';
import { passwordChangeProblems, passwordMatchHint } from './passwordChangeRules';

/**
 * Dashboard card: a new password (validated, live match hints, browser confirmation), then the code
 * sent over WhatsApp (POST /api/admin/request-password-change, then /api/admin/confirm-password-change).
 */
export const PasswordChangeCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [stage, setStage] = useState<'password' | 'code'>('password');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmation?: string }>({});
  const [loading, setLoading] = useState(false);
  const hint = passwordMatchHint(newPassword, confirmation);

  const fail = useNotifyError();

  const reset = () => {
    setStage('password');
    setNewPassword('');
    setConfirmation('');
    setCode('');
    setErrors({});
  };

  const requestChange = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const problems = passwordChangeProblems(newPassword, confirmation);
    setErrors(problems);
    if (problems.newPassword || problems.confirmation) return;
    if (!window.confirm(translate('app.cards.password.confirm_prompt'))) return;
    setLoading(true);
    try {
      const data = await apiRequest<{ message?: string } | undefined>(API_PATHS.auth.requestPasswordChange, {
        method: 'POST',
        json: { newPassword },
      });
      if (data?.message) notify(data.message, { type: 'info', messageArgs: { _: data.message } });
      setCode('');
      setStage('code');
    } catch (error) {
      fail(error, 'app.cards.password.request_failed');
    } finally {
      setLoading(false);
    }
  };

  const confirmChange = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || !isCompleteCode(code)) return;
    setLoading(true);
    try {
      const data = await apiRequest<{ message?: string } | undefined>(API_PATHS.auth.confirmPasswordChange, {
        method: 'POST',
        json: { verificationCode: code },
      });
      const message = data?.message || translate('app.cards.password.done');
      notify(message, { type: 'success', messageArgs: { _: message } });
      reset();
    } catch (error) {
      fail(error, 'app.cards.password.confirm_failed');
    } finally {
      setLoading(false);
    }
  };

  const spinner = loading ? <CircularProgress size={18} color="inherit" /> : null;

  return (
    <AdminCard id="password-card-title" title={translate('app.cards.password.title')} icon={<PasswordIcon />}>
      {stage === 'password' ? (
        <Box component="form" onSubmit={requestChange} noValidate>
          <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1 }}>
            {translate('app.cards.password.description')}
          </Typography>
          <TextField
            name="newPassword"
            type="password"
            label={translate('app.cards.password.new_password')}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            error={!!errors.newPassword}
            helperText={errors.newPassword ? translate(errors.newPassword) : ' '}
            autoComplete="new-password"
            disabled={loading}
            required
          />
          <TextField
            name="confirmNewPassword"
            type="password"
            label={translate('app.cards.password.confirm_password')}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={!!errors.confirmation}
            helperText={errors.confirmation ? translate(errors.confirmation) : ' '}
            autoComplete="new-password"
            disabled={loading}
            required
          />
          <FormHelperText
            role="status"
            data-testid="password-match-hint"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              minHeight: 22,
              marginInline: 0,
              color: hint === 'match' ? 'success.main' : 'error.main',
            }}
          >
            {hint === 'match' ? <CheckIcon fontSize="inherit" /> : hint === 'mismatch' ? <CloseIcon fontSize="inherit" /> : null}
            {hint ? translate(hint === 'match' ? 'app.cards.password.match' : 'app.cards.password.mismatch') : null}
          </FormHelperText>
          <Button
            type="submit"
            variant="contained"
            fullWidth
            disabled={loading}
            startIcon={spinner}
            sx={{ marginBlockStart: 1, minHeight: 44 }}
          >
            {translate('app.cards.password.submit')}
          </Button>
        </Box>
      ) : (
        <Box component="form" onSubmit={confirmChange} noValidate>
          <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1 }}>
            {translate('app.cards.password.code_instructions')}
          </Typography>
          <TextField
            name="passwordChangeCode"
            label={translate('app.cards.password.code')}
            value={code}
            onChange={(e) => setCode(normalizeCode(e.target.value))}
            autoFocus
            disabled={loading}
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
          <Box sx={{ display: 'flex', gap: 1, marginBlockStart: 1 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={loading || !isCompleteCode(code)}
              startIcon={spinner}
              sx={{ flex: 1, minHeight: 44 }}
            >
              {translate('app.cards.password.confirm')}
            </Button>
            <Button variant="outlined" disabled={loading} onClick={reset} sx={{ minHeight: 44 }}>
              {translate('app.cards.password.cancel')}
            </Button>
          </Box>
        </Box>
      )}
    </AdminCard>
  );
};
