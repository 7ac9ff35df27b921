import { HttpError } from 'react-admin';
import { loginAr } from '../i18n/ar-login';
import { clearSession, getValidSession, readStoredSession } from './session';

import type { ErrorEnvelope } from '@shared/api/envelope';

export type { ErrorEnvelope };

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export interface HttpOptions extends Omit<RequestInit, 'headers'> {
  headers?: HeadersInit;
}

/** Arabic text of the expired-session error (spec: admin-side section 8). */
export const SESSION_EXPIRED_TEXT = loginAr.auth.session_expired;
// The light login shares this client: its catalogue (not the whole admin's) holds these texts.
const HTTP = loginAr.http;

/**
 * Error thrown for every failed call. It is react-admin's HttpError, so `status` drives
 * authProvider.checkError and `body` (the envelope) carries server-side field errors
 * (`body.errors`) that react-admin forms show under their inputs.
 *
 * message: the envelope's Arabic message when the server sent one, otherwise an Arabic text with the
 * status (unexplainedFailureText). Network failures have status 0.
 */
export class ApiError extends HttpError {
  declare status: number;
  declare body: ErrorEnvelope | null;
  readonly envelope: ErrorEnvelope | null;
  /** True when the response was not JSON (a proxy page, an empty body). */
  readonly nonJson: boolean;

  constructor(status: number, message: string, envelope: ErrorEnvelope | null, nonJson = false) {
    super(message, status, envelope);
    this.name = 'ApiError';
    this.envelope = envelope;
    this.nonJson = nonJson;
    Object.setPrototypeOf(this, ApiError.prototype);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

function toEnvelope(status: number, json: unknown): ErrorEnvelope | null {
  if (!json || typeof json !== 'object') return null;
  const raw = json as Record<string, unknown>;
  const message = Array.isArray(raw.message)
    ? raw.message.filter((m): m is string => typeof m === 'string').join(HTTP.list_separator)
    : typeof raw.message === 'string'
      ? raw.message
      : typeof raw.error === 'string'
        ? raw.error
        : '';
  if (!message) return null;
  return {
    statusCode: typeof raw.statusCode === 'number' ? raw.statusCode : status,
    code: typeof raw.code === 'string' ? raw.code : '',
    message,
    errors: raw.errors && typeof raw.errors === 'object' && !Array.isArray(raw.errors) ? (raw.errors as Record<string, string>) : undefined,
    details: raw.details && typeof raw.details === 'object' ? (raw.details as Record<string, unknown>) : undefined,
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The message of a failure the server did not explain (a proxy's page, an empty body): Arabic, with the
 * status — a proxy's own words («Bad Gateway») would put English in a toast.
 */
export function unexplainedFailureText(status: number): string {
  return status >= 500 ? `${HTTP.server}: ${status}` : `${status}: ${HTTP.unexpected}`;
}

/**
 * fetch for the admin API (spec: admin-side sections 6 and 7): same-origin relative paths,
 * credentials included, JSON content type only when a body exists, and the bearer token while the
 * stored session is unexpired. A stored but expired session is cleared and the call is aborted
 * with `401: انتهت صلاحية الجلسة`. Resolves with the shape ra-data-simple-rest expects.
 */
export async function httpClient<T = unknown>(url: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const body = options.body;
  if (body != null && typeof body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }

  if (sameOrigin(url) && !headers.has('Authorization')) {
    const session = getValidSession();
    if (session) {
      headers.set('Authorization', `Bearer ${session.token}`);
    } else if (readStoredSession().token) {
      clearSession('expired');
      throw new ApiError(401, `401: ${SESSION_EXPIRED_TEXT}`, null);
    }
  }

  let response: Response;
  try {
    response = await fetch(url, { ...options, headers, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, HTTP.network, null, true);
  }

  const text = await response.text();
  const parsed = parseJson(text);

  if (!response.ok) {
    const envelope = parsed.ok ? toEnvelope(response.status, parsed.value) : null;
    const message = envelope ? envelope.message : unexplainedFailureText(response.status);
    throw new ApiError(response.status, message, envelope, !parsed.ok);
  }

  return {
    status: response.status,
    headers: response.headers,
    body: text,
    json: (parsed.ok ? parsed.value : undefined) as T,
  };
}

/** JSON call helper for custom pages: `apiRequest(API_PATHS.security.unfreeze, { method: 'POST', json: {...} })` (paths: @shared/api/admin-paths). */
export async function apiRequest<T = unknown>(url: string, { json, ...options }: HttpOptions & { json?: unknown } = {}): Promise<T> {
  const response = await httpClient<T>(url, {
    ...options,
    body: json === undefined ? options.body : JSON.stringify(json),
  });
  return response.json;
}
