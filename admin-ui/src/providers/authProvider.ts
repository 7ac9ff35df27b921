import type { AuthProvider, UserIdentity } from 'react-admin';
import { API_PATHS } from '@shared/api/admin-paths';
import { ApiError, SESSION_EXPIRED_TEXT, httpClient, isApiError } from './httpClient';
import {
  type AdminSession,
  type AdminUser,
  clearSession,
  getValidSession,
  hasStaleSession,
  jwtExpiry,
  parseExpiry,
  readStoredSession,
  saveSession,
} from './session';

/** Step one: username and password (POST /api/auth/login). */
export interface PasswordLoginParams {
  username: string;
  password: string;
}

/** Step two when the server asks for it: the 6-digit WhatsApp code (POST /api/auth/verify-login). */
export interface VerificationLoginParams {
  username: string;
  verificationCode: string;
}

/** Emergency view: the master code and the security answer (POST /api/auth/emergency-access, a one-hour session). */
export interface EmergencyLoginParams {
  masterCode: string;
  securityAnswer: string;
}

export type LoginParams = PasswordLoginParams | VerificationLoginParams | EmergencyLoginParams;

/**
 * What `login` resolves with when no session was opened yet. `redirectTo: false` keeps useLogin on
 * the login page, which then shows the verification step.
 */
export interface VerificationRequired {
  redirectTo: false;
  requiresVerification: true;
  username: string;
  /** The server's Arabic explanation (where the code was sent), when given. */
  message?: string;
}

interface SessionResponse {
  requiresVerification?: boolean;
  success?: boolean;
  token?: string;
  user?: Partial<AdminUser> | null;
  expiresAt?: string | number;
  message?: string;
}

// Translation keys (ar.ts) used as error messages; the login page translates them.
const UNEXPECTED_RESPONSE = 'app.errors.unexpected_response';
const CONNECTION_UNEXPECTED = 'app.errors.connection_unexpected';
const VERIFY_FAILED = 'app.verify.failed';

export function isVerificationRequired(value: unknown): value is VerificationRequired {
  return !!value && typeof value === 'object' && (value as VerificationRequired).requiresVerification === true;
}

async function postJson(url: string, payload: unknown): Promise<SessionResponse> {
  const response = await httpClient<unknown>(url, { method: 'POST', body: JSON.stringify(payload) });
  if (!response.json || typeof response.json !== 'object') {
    throw new Error(CONNECTION_UNEXPECTED);
  }
  return response.json as SessionResponse;
}

/** Stores the session a login or verification answered with; throws when it is incomplete. */
function storeSession(data: SessionResponse, username: string): AdminSession {
  const token = typeof data.token === 'string' ? data.token : '';
  if (!token) throw new Error(UNEXPECTED_RESPONSE);
  const expiresAt = parseExpiry(data.expiresAt) ?? jwtExpiry(token);
  if (expiresAt === null) throw new Error(UNEXPECTED_RESPONSE);
  const user: AdminUser = {
    ...(data.user ?? {}),
    username: typeof data.user?.username === 'string' ? data.user.username : username,
    role: typeof data.user?.role === 'string' ? data.user.role : 'admin',
  };
  const session: AdminSession = { token, user, expiresAt };
  saveSession(session);
  return session;
}

async function passwordLogin({ username, password }: PasswordLoginParams): Promise<VerificationRequired | undefined> {
  const data = await postJson(API_PATHS.auth.login, { username, password });
  if (data.requiresVerification) {
    return { redirectTo: false, requiresVerification: true, username, message: data.message };
  }
  if (data.token) {
    storeSession(data, username);
    return undefined; // useLogin then goes to the page asked for before login, or the dashboard
  }
  throw new Error(data.message || UNEXPECTED_RESPONSE);
}

async function verifyLogin({ username, verificationCode }: VerificationLoginParams): Promise<undefined> {
  const data = await postJson(API_PATHS.auth.verifyLogin, { username, verificationCode });
  if (!data.token) throw new Error(data.message || VERIFY_FAILED);
  storeSession(data, username);
  return undefined;
}

const EMERGENCY_FAILED = 'app.emergency.access_failed';

async function emergencyLogin({ masterCode, securityAnswer }: EmergencyLoginParams): Promise<undefined> {
  const data = await postJson(API_PATHS.auth.emergencyAccess, { masterCode, securityAnswer });
  if (!data.token) throw new Error(data.message || EMERGENCY_FAILED);
  storeSession(data, typeof data.user?.username === 'string' ? data.user.username : '');
  return undefined;
}

/** Asks the server whether the session is still accepted (GET /api/auth/verify); throws ApiError 401 when not. */
export async function verifyServerSession(signal?: AbortSignal): Promise<void> {
  await httpClient(API_PATHS.auth.verify, { signal });
}

function isUnauthorized(error: unknown): boolean {
  if (isApiError(error)) return error.status === 401;
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401) return true;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.startsWith('401:');
}

/**
 * Session rules of admin-side sections 2, 4 and 6. The three storage items (adminToken, adminUser,
 * tokenExpiry) are written only together and removed together.
 */
export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    // A stale session must not block the call (httpClient aborts on an expired token).
    clearSession();
    if ('masterCode' in params) return emergencyLogin(params);
    if ('verificationCode' in params) return verifyLogin(params);
    return passwordLogin(params);
  },

  async logout() {
    const { token } = readStoredSession();
    clearSession();
    if (token) {
      // Tell the server the session ended; the user is logged out locally whatever it answers.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 4000);
      try {
        await fetch(API_PATHS.auth.logout, {
          method: 'POST',
          credentials: 'include',
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
          signal: controller.signal,
        });
      } catch {
        // ignored on purpose
      } finally {
        clearTimeout(timer);
      }
    }
  },

  async checkAuth() {
    if (getValidSession()) return;
    const stale = hasStaleSession();
    clearSession(stale ? 'expired' : undefined);
    // First visit: go to the login page without a toast; an ended session says why.
    throw { message: stale ? 'app.auth.session_expired' : false };
  },

  async checkError(error: unknown) {
    if (isUnauthorized(error)) {
      clearSession('rejected');
      throw { message: 'app.auth.session_expired' };
    }
    // 403 and everything else: stay logged in and let the screen show the error.
  },

  async getIdentity(): Promise<UserIdentity> {
    const session = getValidSession();
    if (!session) throw new ApiError(401, `401: ${SESSION_EXPIRED_TEXT}`, null);
    return { id: session.user.username, fullName: session.user.username, role: session.user.role };
  },
};
