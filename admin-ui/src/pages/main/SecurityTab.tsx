import { useState, type ReactNode } from 'react';
import { Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import AlertsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import DoneIcon from '@mui/icons-material/DoneAllOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { ALERT_SEVERITY_LABELS, type AlertSeverity } from '@shared/labels';
import { LOGIN_ATTEMPTS_LIST_LIMIT } from '@shared/constants';
import { Ltr } from '../../components/Ltr';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { apiRequest } from '../../providers/httpClient';
import { useNotifyError } from '../../providers/useNotifyError';
import { countryName, formatInstant } from './format';
import { Panel, QueryContent } from './Panel';
import { SECURITY_KEYS, type LoginAttempt, type SecurityAlert, type SecurityStatus } from './securityApi';
import { EmergencyCodesPanel } from './EmergencyCodesPanel';

const FAILURE_REASONS = [
  'invalid_password',
  'invalid_username',
  'geo_blocked',
  'account_frozen',
  'invalid_verification_code',
  'invalid_emergency_code',
  'invalid_emergency_answer',
];
const ALERT_TYPES = ['geo_alert', 'geo_block', 'account_frozen', 'failed_login', 'security_breach', 'emergency_access', 'code_attempts'];
const SEVERITY_COLORS: Record<string, 'error' | 'warning' | 'info' | 'default'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'info',
};

export const LoginAttemptsPanel = () => {
  const translate = useTranslate();
  const query = useQuery({
    queryKey: SECURITY_KEYS.attempts,
    queryFn: ({ signal }) => apiRequest<LoginAttempt[]>(`/api/security/login-attempts?limit=${LOGIN_ATTEMPTS_LIST_LIMIT}`, { signal }),
  });
  const reason = (value: string | null) =>
    value ? translate(`app.security.failure_reasons.${FAILURE_REASONS.includes(value) ? value : 'unknown'}`) : '—';
  return (
    <Panel id="login-attempts-title" title={translate('app.security.attempts.title')} icon={<HistoryIcon />}>
      <QueryContent query={query}>
        {(rows) =>
          !Array.isArray(rows) || rows.length === 0 ? (
            <Typography color="text.secondary">{translate('app.security.attempts.empty')}</Typography>
          ) : (
            <ResponsiveTable
              rows={rows.slice(0, LOGIN_ATTEMPTS_LIST_LIMIT)}
              rowKey={(row) => row.id}
              labelledBy="login-attempts-title"
              rowTestId="login-attempt-row"
              columns={[
                {
                  label: translate('app.security.attempts.time'),
                  render: (row) => formatInstant(row.attemptedAt) ?? '—',
                  sx: { whiteSpace: 'nowrap' },
                  title: true,
                },
                { label: translate('app.security.attempts.username'), render: (row) => <Ltr>{row.username}</Ltr> },
                {
                  label: translate('app.security.attempts.result'),
                  render: (row) => (
                    <Chip
                      size="small"
                      color={row.success ? 'success' : 'error'}
                      variant="outlined"
                      label={translate(row.success ? 'app.security.attempts.success' : 'app.security.attempts.failure')}
                    />
                  ),
                },
                { label: translate('app.security.attempts.reason'), render: (row) => (row.success ? '—' : reason(row.failureReason)) },
                { label: translate('app.security.attempts.address'), render: (row) => (row.ipAddress ? <Ltr>{row.ipAddress}</Ltr> : '—') },
                {
                  label: translate('app.security.attempts.country'),
                  render: (row) => countryName(row.countryCode, row.country) ?? translate('app.security.attempts.local_network'),
                },
              ]}
            />
          )
        }
      </QueryContent>
    </Panel>
  );
};

export const AlertsPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SECURITY_KEYS.alerts,
    queryFn: ({ signal }) => apiRequest<SecurityAlert[]>('/api/security/alerts', { signal }),
  });
  const resolve = useMutation({
    mutationFn: (id: number) => apiRequest(`/api/security/alerts/${id}/resolve`, { method: 'POST' }),
    onSuccess: () => {
      notify('app.security.alerts.resolved_done', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.alerts });
    },
    onError: (error) => notifyError(error, 'app.security.alerts.resolve_failed'),
  });

  return (
    <Panel id="security-alerts-title" title={translate('app.security.alerts.title')} icon={<AlertsIcon />}>
      <QueryContent query={query}>
        {(rows) => {
          if (!Array.isArray(rows) || rows.length === 0) {
            return <Typography color="text.secondary">{translate('app.security.alerts.empty')}</Typography>;
          }
          // Open alerts first, newest first within each group.
          const sorted = [...rows].sort((a, b) => Number(a.resolved) - Number(b.resolved) || b.createdAt.localeCompare(a.createdAt));
          return (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {sorted.map((alert) => {
                const severity = ALERT_SEVERITY_LABELS[alert.severity as AlertSeverity] ?? alert.severity;
                const type = ALERT_TYPES.includes(alert.alertType)
                  ? translate(`app.security.alert_types.${alert.alertType}`)
                  : alert.alertType;
                const country = countryName(null, alert.country);
                const resolving = resolve.isPending && resolve.variables === alert.id;
                return (
                  <Box
                    component="li"
                    key={alert.id}
                    data-testid="security-alert"
                    sx={{
                      border: '1px solid',
                      borderColor: alert.resolved ? 'divider' : 'warning.light',
                      borderInlineStartWidth: 4,
                      borderInlineStartColor: alert.resolved
                        ? 'divider'
                        : `${SEVERITY_COLORS[alert.severity] === 'error' ? 'error' : 'warning'}.main`,
                      borderRadius: '10px',
                      padding: 1.5,
                      bgcolor: alert.resolved ? 'action.hover' : 'background.paper',
                      display: 'flex',
                      flexWrap: 'wrap',
                      alignItems: 'center',
                      gap: 1.5,
                    }}
                  >
                    <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, marginBlockEnd: 0.5 }}>
                        <Typography component="h3" sx={{ fontWeight: 700 }}>
                          {type}
                        </Typography>
                        <Chip
                          size="small"
                          color={SEVERITY_COLORS[alert.severity] ?? 'default'}
                          label={translate('app.security.alerts.severity', { severity })}
                        />
                        {alert.resolved ? (
                          <Chip size="small" variant="outlined" icon={<DoneIcon />} label={translate('app.security.alerts.resolved')} />
                        ) : null}
                      </Box>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {alert.description}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ marginBlockStart: 0.5 }}>
                        {formatInstant(alert.createdAt)}
                        {alert.username ? (
                          <>
                            {' '}
                            · {translate('app.security.alerts.user')} <Ltr>{alert.username}</Ltr>
                          </>
                        ) : null}
                        {alert.ipAddress ? (
                          <>
                            {' '}
                            · {translate('app.security.alerts.address')} <Ltr>{alert.ipAddress}</Ltr>
                          </>
                        ) : null}
                        {country ? <> · {translate('app.security.alerts.country', { country })}</> : null}
                      </Typography>
                    </Box>
                    {!alert.resolved ? (
                      <Button
                        variant="outlined"
                        size="small"
                        startIcon={resolving ? <CircularProgress size={16} color="inherit" /> : <DoneIcon />}
                        disabled={resolve.isPending}
                        onClick={() => resolve.mutate(alert.id)}
                        sx={{ minHeight: 40 }}
                      >
                        {translate('app.security.alerts.resolve')}
                      </Button>
                    ) : null}
                  </Box>
                );
              })}
            </Stack>
          );
        }}
      </QueryContent>
    </Panel>
  );
};

export const AccountStatusPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: SECURITY_KEYS.status,
    queryFn: ({ signal }) => apiRequest<SecurityStatus>('/api/security/status', { signal }),
  });
  const unfreeze = useMutation({
    mutationFn: (username: string) => apiRequest('/api/security/unfreeze', { method: 'POST', json: { username } }),
    onSuccess: () => {
      notify('app.security.status.unfrozen', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['security'] });
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
              (status.allowedCountries ?? []).map((c) => countryName(c, c)).join('، ') || translate('app.common.never'),
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

/** The security tab of /admin/main: login attempts, alerts, account status, emergency codes. */
export const SecurityTab = () => (
  <Stack spacing={2}>
    <AccountStatusPanel />
    <AlertsPanel />
    <LoginAttemptsPanel />
    <EmergencyCodesPanel />
  </Stack>
);
