/** Shapes of the security tab's status and lists, for the server and the admin app (list convention, decisions.md). */

/** GET /api/security/status: one account's security state and the policy it is under. */
export interface SecurityStatus {
  username: string;
  isFrozen: boolean;
  frozenUntil: string | null;
  lastSuccessfulLogin: string | null;
  failedAttempts: number;
  maxFailedAttempts: number;
  freezeDurationMinutes: number;
  geoAlertEnabled: boolean;
  allowedCountries: string[];
}

/** Why a login attempt failed, as login_attempts.failure_reason stores it. */
export const LOGIN_FAILURE_REASONS = [
  'invalid_password',
  'invalid_username',
  'geo_blocked',
  'account_frozen',
  'invalid_verification_code',
  'invalid_emergency_code',
  'invalid_emergency_answer',
] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

/** The alert types the server raises (spec's five, repeated wrong codes, and a change of the security settings). */
export const SECURITY_ALERT_TYPES = [
  'geo_alert',
  'geo_block',
  'account_frozen',
  'failed_login',
  'security_breach',
  'code_attempts',
  'settings_changed',
] as const;
export type SecurityAlertType = (typeof SECURITY_ALERT_TYPES)[number];

/** security_alerts.severity (a CHECK constraint keeps it to these). */
export const SECURITY_ALERT_SEVERITIES = ['high', 'medium', 'low'] as const;
export type SecurityAlertSeverity = (typeof SECURITY_ALERT_SEVERITIES)[number];

/** GET /api/security/login-attempts: sort attemptedAt|id|username; filter success, q, failureReason. */
export interface LoginAttemptRow {
  id: number;
  username: string;
  success: boolean;
  ipAddress: string | null;
  country: string | null;
  countryCode: string | null;
  failureReason: string | null;
  attemptedAt: string;
}

/** GET /api/security/alerts: sort createdAt|id|severity; filter resolved, severity, alertType. */
export interface SecurityAlertRow {
  id: number;
  alertType: string;
  severity: SecurityAlertSeverity;
  description: string | null;
  country: string | null;
  ipAddress: string | null;
  username: string | null;
  createdAt: string;
  resolved: boolean;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

/**
 * GET /api/admin/emergency-access-codes (sort createdAt|id; filter isActive) and the answers of
 * POST/PATCH. masterCode is masked except in the answer of the POST that created it.
 */
export interface EmergencyCodeRow {
  id: number;
  masterCode: string;
  securityQuestion: string;
  isActive: boolean;
  usageCount: number;
  lastUsedAt: string | null;
  lastUsedBy: string | null;
  expiresAt: string | null;
  createdAt: string;
}
