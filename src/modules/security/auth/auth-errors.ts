import { defineErrors } from '../../../common/errors/define-errors';
import { SECURITY_SETTINGS_DEFAULTS } from '../../../shared/security-settings';
import { CODE_BLOCK_MS, CODE_ISSUE_WINDOW_MS, CODE_MESSAGES } from '../codes/code-limits';
import { AUTH_MESSAGES } from './auth.messages';

const minutes = (ms: number): string => String(ms / 60_000);

/**
 * The sign-in and password refusals (auth.service, password.service, code-guard), each with its one
 * status. An answer that names its case's minutes (a freeze, a block) says them in its own message; the
 * defaults here give the policy's defaults.
 */
export const AuthErrors = defineErrors({
  INVALID_CREDENTIALS: { status: 401, message: AUTH_MESSAGES.invalidCredentials },
  ACCOUNT_FROZEN: { status: 401, message: AUTH_MESSAGES.frozen(SECURITY_SETTINGS_DEFAULTS.freezeDurationMinutes) },
  INVALID_VERIFICATION_CODE: { status: 401, message: AUTH_MESSAGES.invalidCode },
  INVALID_EMERGENCY_CODE: { status: 401, message: AUTH_MESSAGES.invalidEmergency },
  GEO_BLOCKED: { status: 403, message: AUTH_MESSAGES.geoBlocked },
  // Messaging's code (MessagingErrors, same status), in the sign-in's words: no number can receive a code.
  NO_ADMIN_NUMBERS: { status: 503, message: AUTH_MESSAGES.noAdminNumbers },
  CODE_CHECKS_BLOCKED: { status: 429, message: CODE_MESSAGES.blocked.replace('%m', minutes(CODE_BLOCK_MS)) },
  TOO_MANY_CODES: { status: 429, message: CODE_MESSAGES.tooManyCodes.replace('%m', minutes(CODE_ISSUE_WINDOW_MS)) },
});
