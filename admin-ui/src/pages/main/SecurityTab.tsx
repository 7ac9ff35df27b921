import { useState, type ReactNode } from 'react';
import { Box, Button, Chip, CircularProgress, Link, Skeleton, Stack, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import AlertsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { LoginAttemptRow, SecurityAlertRow } from '@shared/api/security';
import { LOGIN_ATTEMPTS_LIST_LIMIT } from '@shared/constants';
import { Ltr } from '../../components/Ltr';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import type { CharityDataProvider } from '../../providers/customMethods';
import { useNotifyError } from '../../providers/useNotifyError';
import { EmergencyCodesPanel } from '../../resources/emergency-codes/EmergencyCodeList';
import { useLoginAttemptColumns } from '../../resources/login-attempts/loginAttemptFields';
import { AlertItem, useResolveAlert } from '../../resources/security-alerts/AlertItem';
import { adminUrl, ROUTES } from '../../routes';
import { countryName, formatInstant } from './format';
import { Panel, QueryContent } from './Panel';
import { SECURITY_KEYS } from './securityApi';
import { SecuritySettingsPanel } from './SecuritySettingsPanel';
import { LoadFailed } from '../../components/LoadFailed';

/** Open alerts the tab shows before sending the administrator to the full list. */
const TAB_ALERTS = 5;

/** Loading, or the error with a retry button, of a dataProvider read (useGetList). */
const ListState = ({ query }: { query: { isPending: boolean; error: unknown; refetch: () => unknown } }) => {
  if (query.isPending) return <Skeleton variant="rounded" height={120} />;
  return <LoadFailed error={query.error} onRetry={query.refetch} />;
};

/** A link to one of the full lists, under its panel. */
const ViewAll = ({ to, label }: { to: string; label: string }) => (
  <Link component={RouterLink} to={to} sx={{ display: 'inline-flex', minHeight: 44, alignItems: 'center', marginBlockStart: 1 }}>
    {label}
  </Link>
);

/** The latest 10 login attempts (spec), newest first, and a link to the whole history. */
export const LoginAttemptsPanel = () => {
  const translate = useTranslate();
  const columns = useLoginAttemptColumns();
  const query = useGetList<LoginAttemptRow>('login-attempts', {
    pagination: { page: 1, perPage: LOGIN_ATTEMPTS_LIST_LIMIT },
    sort: { field: 'attemptedAt', order: 'DESC' },
  });
  return (
    <Panel id="login-attempts-title" title={translate('app.security.attempts.title')} icon={<HistoryIcon />}>
      {!query.data ? (
        <ListState query={query} />
      ) : query.data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.security.attempts.empty')}</Typography>
      ) : (
        <ResponsiveTable
          rows={query.data}
          rowKey={(row) => row.id}
          labelledBy="login-attempts-title"
          rowTestId="login-attempt-row"
          columns={columns}
        />
      )}
      <ViewAll to={adminUrl(ROUTES.loginAttempts)} label={translate('app.security_lists.login_attempts.view_all')} />
    </Panel>
  );
};

/** The newest open alerts, each with its resolve action, their count, and a link to every alert. */
export const AlertsPanel = () => {
  const translate = useTranslate();
  const resolve = useResolveAlert();
  const query = useGetList<SecurityAlertRow>('security-alerts', {
    pagination: { page: 1, perPage: TAB_ALERTS },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { resolved: false },
  });
  return (
    <Panel
      id="security-alerts-title"
      title={translate('app.security.alerts.title')}
      icon={<AlertsIcon />}
      action={
        query.total !== undefined ? (
          <Chip
            data-testid="open-alerts-count"
            color={query.total > 0 ? 'warning' : 'success'}
            variant="outlined"
            label={translate('app.security_lists.alerts.open_count', { smart_count: query.total })}
          />
        ) : null
      }
    >
      {!query.data ? (
        <ListState query={query} />
      ) : query.data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.security_lists.alerts.empty_open')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', margin: 0, padding: 0 }} aria-labelledby="security-alerts-title">
          {query.data.map((alert) => (
            <AlertItem key={alert.id} alert={alert} resolve={resolve} />
          ))}
        </Stack>
      )}
      <ViewAll to={adminUrl(ROUTES.securityAlerts)} label={translate('app.security_lists.alerts.view_all')} />
    </Panel>
  );
};

export const AccountStatusPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: SECURITY_KEYS.status,
    queryFn: ({ signal }) => dataProvider.getSecurityStatus(signal).then(({ data }) => data),
  });
  const unfreeze = useMutation({
    mutationFn: (username: string) => dataProvider.unfreezeAccount(username),
    onSuccess: () => {
      notify('app.security.status.unfrozen', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, 'app.security.status.unfreeze_failed'),
  });

  return (
    <Panel id="account-status-title" title={translate('app.security.status.title')} icon={<ShieldIcon />}>
      <QueryContent query={query}>
        {(status) => {
          const frozenUntil = formatInstant(status.frozenUntil);
          const items: Array<[string, ReactNode]> = [
            ['app.security.status.account', <Ltr key="u">{status.username}</Ltr>],
            ['app.security.status.last_login', formatInstant(status.lastSuccessfulLogin) ?? translate('app.common.never')],
            [
              'app.security.status.failed_attempts',
              translate('app.security.status.failed_of', { count: status.failedAttempts, max: status.maxFailedAttempts }),
            ],
            ['app.security.status.freeze_duration', translate('app.security.status.minutes', { minutes: status.freezeDurationMinutes })],
            [
              'app.security.status.geo_alert',
              translate(status.geoAlertEnabled ? 'app.security.status.geo_on' : 'app.security.status.geo_off'),
            ],
            [
              'app.security.status.allowed_countries',
              (status.allowedCountries ?? []).map((c) => countryName(c, c)).join(translate('app.shared.list_separator')) ||
                translate('app.common.never'),
            ],
          ];
          return (
            <Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, marginBlockEnd: 2 }}>
                <Chip
                  data-testid="account-state"
                  color={status.isFrozen ? 'error' : 'success'}
                  label={
                    status.isFrozen
                      ? frozenUntil
                        ? translate('app.security.status.frozen_until', { date: frozenUntil })
                        : translate('app.security.status.frozen')
                      : translate('app.security.status.active')
                  }
                  sx={{ height: 'auto', minHeight: 32, '& .MuiChip-label': { whiteSpace: 'normal', paddingBlock: 0.5 } }}
                />
                {status.isFrozen ? (
                  <Button
                    variant="contained"
                    color="warning"
                    startIcon={unfreeze.isPending ? <CircularProgress size={16} color="inherit" /> : <LockOpenIcon />}
                    disabled={unfreeze.isPending}
                    onClick={() => setConfirming(true)}
                  >
                    {translate('app.security.status.unfreeze')}
                  </Button>
                ) : null}
              </Box>
              <Box
                component="dl"
                sx={{
                  margin: 0,
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' },
                  columnGap: 3,
                  rowGap: { xs: 0.25, sm: 1 },
                  '& dt': { color: 'text.secondary', fontSize: '0.9rem', marginBlockStart: { xs: 1, sm: 0 } },
                  '& dd': { margin: 0, fontWeight: 600, overflowWrap: 'anywhere' },
                }}
              >
                {items.map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <dt>{translate(label)}</dt>
                    <dd>{value}</dd>
                  </Box>
                ))}
              </Box>
              <Confirm
                isOpen={confirming}
                title={translate('app.security.status.unfreeze')}
                content={translate('app.security.status.confirm_unfreeze', { username: status.username })}
                confirm={translate('app.security.status.unfreeze')}
                confirmColor="warning"
                onConfirm={() => {
                  if (!confirming) return; // a click on the closing dialog
                  setConfirming(false);
                  unfreeze.mutate(status.username);
                }}
                onClose={() => setConfirming(false)}
              />
            </Box>
          );
        }}
      </QueryContent>
    </Panel>
  );
};

/** The security tab of /admin/main: account status, the security settings, open alerts, the latest login attempts, emergency codes. */
export const SecurityTab = () => (
  <Stack spacing={2}>
    <AccountStatusPanel />
    <SecuritySettingsPanel />
    <AlertsPanel />
    <LoginAttemptsPanel />
    <EmergencyCodesPanel />
  </Stack>
);
