import { apiError } from '../../../common/openapi/api-answers';
import { CODE_MESSAGES } from '../codes/code-guard';
import { AUTH_MESSAGES } from './auth.messages';

/** The sign-in and password refusals as the OpenAPI document shows them (thrown in auth.service, password.service, code-guard). */
export const AuthApiErrors = {
  INVALID_CREDENTIALS: apiError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials),
  ACCOUNT_FROZEN: apiError(401, 'ACCOUNT_FROZEN', AUTH_MESSAGES.frozen(30)),
  INVALID_VERIFICATION_CODE: apiError(401, 'INVALID_VERIFICATION_CODE', AUTH_MESSAGES.invalidCode),
  INVALID_EMERGENCY_CODE: apiError(401, 'INVALID_EMERGENCY_CODE', AUTH_MESSAGES.invalidEmergency),
  GEO_BLOCKED: apiError(403, 'GEO_BLOCKED', AUTH_MESSAGES.geoBlocked),
  NO_ADMIN_NUMBERS: apiError(503, 'NO_ADMIN_NUMBERS', AUTH_MESSAGES.noAdminNumbers),
  CODE_CHECKS_BLOCKED: apiError(429, 'CODE_CHECKS_BLOCKED', CODE_MESSAGES.blocked.replace('%m', '30')),
  TOO_MANY_CODES: apiError(429, 'TOO_MANY_CODES', CODE_MESSAGES.tooManyCodes.replace('%m', '15')),
} as const;
