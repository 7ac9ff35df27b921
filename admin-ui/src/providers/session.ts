/**
 * The admin session kept in browser storage (spec: admin-side sections 3 and 4): adminToken,
 * adminUser ({ username, role }) and tokenExpiry. A session is valid only while all three exist and
 * the expiry lies in the future; anything else is treated as no session and cleared.
 */
export const SESSION_KEYS = {
  token: 'adminToken',
  user: 'adminUser',
  expiry: 'tokenExpiry',
} as const;

export interface AdminUser {
  username: string;
  role: string;
  [key: string]: unknown;
}

export interface AdminSession {
  token: string;
  user: AdminUser;
  /** Expiry as epoch milliseconds. */
  expiresAt: number;
}

/** Why the last session ended, so the login page can say so once. */
export type SessionEndReason = 'expired' | 'rejected';

let lastEndReason: SessionEndReason | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (private mode, strict privacy settings).
    return null;
  }
}

/** Parses an expiry given as epoch ms (number or digits) or as an ISO date; null when unusable. */
export function parseExpiry(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return parseExpiry(Number(trimmed));
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? null : ms;
}

function parseUser(raw: string | null): AdminUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as AdminUser).username === 'string') {
      const user = value as AdminUser;
      return { ...user, role: typeof user.role === 'string' ? user.role : 'admin' };
    }
  } catch {
    // fall through: a corrupt value counts as missing
  }
  return null;
}

/** What is stored, valid or not (null fields when missing or unreadable). */
export function readStoredSession(): { token: string | null; user: AdminUser | null; expiresAt: number | null } {
  const store = storage();
  return {
    token: store?.getItem(SESSION_KEYS.token) || null,
    user: parseUser(store?.getItem(SESSION_KEYS.user) ?? null),
    expiresAt: parseExpiry(store?.getItem(SESSION_KEYS.expiry) ?? null),
  };
}

/** The stored session when complete and unexpired, otherwise null (storage is left untouched). */
export function getValidSession(now: number = Date.now()): AdminSession | null {
  const { token, user, expiresAt } = readStoredSession();
  if (!token || !user || expiresAt === null || expiresAt <= now) return null;
  return { token, user, expiresAt };
}

/** True when something is stored but it is incomplete or expired. */
export function hasStaleSession(now: number = Date.now()): boolean {
  const { token, user, expiresAt } = readStoredSession();
  const anything = token !== null || user !== null || expiresAt !== null;
  return anything && getValidSession(now) === null;
}

export function saveSession(session: AdminSession): void {
  const store = storage();
  if (!store) return;
  store.setItem(SESSION_KEYS.token, session.token);
  store.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  store.setItem(SESSION_KEYS.expiry, new Date(session.expiresAt).toISOString());
  lastEndReason = null;
}

/** Removes the three stored items; `reason` is remembered for the login page. */
export function clearSession(reason?: SessionEndReason): void {
  const store = storage();
  if (store) {
    store.removeItem(SESSION_KEYS.token);
    store.removeItem(SESSION_KEYS.user);
    store.removeItem(SESSION_KEYS.expiry);
  }
  if (reason) lastEndReason = reason;
}

/** Why the last session ended, without forgetting it. */
export function peekSessionEndReason(): SessionEndReason | null {
  return lastEndReason;
}

/** Returns and forgets why the last session ended. */
export function takeSessionEndReason(): SessionEndReason | null {
  const reason = lastEndReason;
  lastEndReason = null;
  return reason;
}

/** Reads the `exp` claim of a JWT (seconds) as epoch ms, without verifying it. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && exp > 0 ? exp * 1000 : null;
  } catch {
    return null;
  }
}

const ARRIVAL_NOTICE_KEY = 'adminArrivalNotice';

/**
 * A notice (catalogue key) for the admin app to show once when it next opens: the light login page
 * leaves for the admin with a page load, and a toast would not survive it.
 */
export function rememberArrivalNotice(key: string): void {
  try {
    window.sessionStorage.setItem(ARRIVAL_NOTICE_KEY, key);
  } catch {
    // No storage: the notice is lost, the sign-in is not.
  }
}

/** Returns and forgets the notice left for this arrival, if any. */
export function takeArrivalNotice(): string | null {
  try {
    const key = window.sessionStorage.getItem(ARRIVAL_NOTICE_KEY);
    window.sessionStorage.removeItem(ARRIVAL_NOTICE_KEY);
    return key;
  } catch {
    return null;
  }
}
