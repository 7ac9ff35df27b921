import type { ListSpec } from '../../../common/http/list-query';
import { SECURITY_ALERT_FILTERABLE, SECURITY_ALERT_SORTABLE } from '../alerts/security-alerts.repository';
import type { SecurityAlertFilterField, SecurityAlertSortField } from '../alerts/security-alerts.repository';
import { LOGIN_ATTEMPT_FILTERABLE, LOGIN_ATTEMPT_SORTABLE } from './account-status.repository';
import type { LoginAttemptFilterField, LoginAttemptSortField } from './account-status.repository';

export const LOGIN_ATTEMPTS_LIST: ListSpec<LoginAttemptSortField, LoginAttemptFilterField> = {
  resource: 'login-attempts',
  sortable: LOGIN_ATTEMPT_SORTABLE,
  defaultSort: { field: 'attemptedAt', order: 'DESC' },
  filterable: LOGIN_ATTEMPT_FILTERABLE,
};

export const SECURITY_ALERTS_LIST: ListSpec<SecurityAlertSortField, SecurityAlertFilterField> = {
  resource: 'security-alerts',
  sortable: SECURITY_ALERT_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filterable: SECURITY_ALERT_FILTERABLE,
};
