import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Skeleton, Typography } from '@mui/material';
import VerificationIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { CharityDataProvider, SystemSetting } from '../../../providers/customMethods';
import { failureText } from '../../../providers/errorMessage';
import { AdminCard } from './AdminCard';
import { LoadFailed } from '../../../components/LoadFailed';

export const VERIFICATION_SETTING_KEY = 'admin_verification_required';
export const SETTINGS_QUERY_KEY = ['system', 'settings'] as const;

/** The setting is on unless its value is exactly "false" (spec: admin-side section 3). */
export function isVerificationOn(settings: readonly SystemSetting[] | undefined): boolean {
  const setting = settings?.find((s) => s.key === VERIFICATION_SETTING_KEY);
  return setting?.value !== 'false';
}

/** Dashboard card: turn the WhatsApp code at login on or off; a security warning while it is off. */
export const VerificationCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [confirming, setConfirming] = useState(false);

  const settings = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.getSystemSettings(signal).then(({ data }) => data),
  });
  const on = isVerificationOn(Array.isArray(settings.data) ? settings.data : undefined);

  const toggle = useMutation({
    mutationFn: () => dataProvider.toggleVerification().then(({ data }) => data),
    onSuccess: (data) => {
      const enabled = typeof data?.enabled === 'boolean' ? data.enabled : !on;
      notify(data?.message || translate(enabled ? 'app.cards.verification.enabled_done' : 'app.cards.verification.disabled_done'), {
        type: 'success',
      });
      refresh();
    },
    onError: (error) => {
      const message = failureText(error, translate, 'app.cards.verification.failed');
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  });

  return (
    <AdminCard id="verification-card-title" title={translate('app.cards.verification.title')} icon={<VerificationIcon />}>
      {settings.isPending ? (
        <Skeleton height={96} />
      ) : settings.isError ? (
        <LoadFailed error={settings.error} onRetry={settings.refetch} />
      ) : (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="verification-state">
            {translate(on ? 'app.cards.verification.on' : 'app.cards.verification.off')}
          </Typography>
          {!on ? (
            <Alert severity="warning" role="alert" data-testid="verification-warning" sx={{ marginBlockStart: 1.5 }}>
              {translate('app.cards.verification.warning')}
            </Alert>
          ) : null}
          <Button
            variant={on ? 'outlined' : 'contained'}
            color={on ? 'warning' : 'primary'}
            fullWidth
            disabled={toggle.isPending}
            startIcon={toggle.isPending ? <CircularProgress size={18} color="inherit" /> : null}
            onClick={() => (on ? setConfirming(true) : toggle.mutate())}
            sx={{ marginBlockStart: 1.5, minHeight: 44 }}
          >
            {translate(on ? 'app.cards.verification.disable' : 'app.cards.verification.enable')}
          </Button>
        </Box>
      )}
      <Confirm
        isOpen={confirming}
        title={translate('app.cards.verification.disable')}
        content={translate('app.cards.verification.confirm_disable')}
        confirm={translate('app.cards.verification.disable')}
        confirmColor="warning"
        onConfirm={() => {
          if (!confirming) return; // a click on the closing dialog
          setConfirming(false);
          toggle.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </AdminCard>
  );
};
