import { Box, Button, Chip, CircularProgress, Typography } from '@mui/material';
import DoneIcon from '@mui/icons-material/DoneAllOutlined';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { SECURITY_ALERT_TYPES, type SecurityAlertRow } from '@shared/api/security';
import { ALERT_SEVERITY_LABELS, type AlertSeverity } from '@shared/labels';
import { Ltr, WithLtrRuns } from '../../components/Ltr';
import type { CharityDataProvider } from '../../providers/customMethods';
import { useNotifyError } from '../../providers/useNotifyError';
import { countryName, formatInstant } from '../../pages/main/format';

const SEVERITY_COLORS: Record<string, 'error' | 'warning' | 'info' | 'default'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'info',
};

type Translate = ReturnType<typeof useTranslate>;

export const alertTypeLabel = (translate: Translate, type: string) =>
  (SECURITY_ALERT_TYPES as readonly string[]).includes(type) ? translate(`app.security.alert_types.${type}`) : type;

export const severityLabel = (severity: string) => ALERT_SEVERITY_LABELS[severity as AlertSeverity] ?? severity;

/**
 * Resolves an alert (dataProvider.resolveSecurityAlert, the server's own action rather than an update),
 * then react-admin reads the page again: every alerts list (tab and page) and the records shown.
 */
export function useResolveAlert() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useMutation({
    mutationFn: (id: number) => dataProvider.resolveSecurityAlert(id),
    onSuccess: () => {
      notify('app.security.alerts.resolved_done', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, 'app.security.alerts.resolve_failed'),
  });
}

/** One alert as a card: type, severity, what happened, when, who and from where; open ones can be resolved. */
export const AlertItem = ({ alert, resolve }: { alert: SecurityAlertRow; resolve: ReturnType<typeof useResolveAlert> }) => {
  const translate = useTranslate();
  const country = countryName(null, alert.country);
  const resolving = resolve.isPending && resolve.variables === alert.id;
  return (
    <Box
      component="li"
      data-testid="security-alert"
      sx={{
        border: '1px solid',
        borderColor: alert.resolved ? 'divider' : 'warning.light',
        borderInlineStartWidth: 4,
        borderInlineStartColor: alert.resolved ? 'divider' : `${SEVERITY_COLORS[alert.severity] === 'error' ? 'error' : 'warning'}.main`,
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
            {alertTypeLabel(translate, alert.alertType)}
          </Typography>
          <Chip
            size="small"
            color={SEVERITY_COLORS[alert.severity] ?? 'default'}
            label={translate('app.security.alerts.severity', { severity: severityLabel(alert.severity) })}
          />
          {alert.resolved ? (
            <Chip size="small" variant="outlined" icon={<DoneIcon />} label={translate('app.security.alerts.resolved')} />
          ) : null}
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {alert.description ? <WithLtrRuns text={alert.description} /> : null}
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
        {alert.resolved && alert.resolvedBy ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {translate('app.security_lists.alerts.resolved_by', { date: formatInstant(alert.resolvedAt) ?? '—' })}{' '}
            <Ltr>{alert.resolvedBy}</Ltr>
          </Typography>
        ) : null}
      </Box>
      {!alert.resolved ? (
        <Button
          variant="outlined"
          size="small"
          startIcon={resolving ? <CircularProgress size={16} color="inherit" /> : <DoneIcon />}
          disabled={resolve.isPending}
          onClick={() => resolve.mutate(alert.id)}
          sx={{ minHeight: 44 }}
        >
          {translate('app.security.alerts.resolve')}
        </Button>
      ) : null}
    </Box>
  );
};
