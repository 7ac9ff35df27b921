/**
 * The public site's fetch client: same-origin relative paths, credentials included, a JSON content
 * type only when a body is sent. A non-OK answer throws an ApiError whose message is
 * `${status}: ${body or statusText}` and which carries the server's error envelope, parsed.
 */

import type { ErrorEnvelope } from '@shared/api/envelope';

export type { ErrorEnvelope };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** statusCode from the envelope, or the HTTP status when the body was not an envelope. */
  readonly statusCode: number;
  /** Stable error code from the envelope (for example DUPLICATE_REQUEST), when present. */
  readonly code?: string;
  /** Arabic message from the envelope, when present. */
  readonly serverMessage?: string;
  /** Field name to Arabic message, when the server rejected fields. */
  readonly errors?: Record<string, string>;
  /** Extra figures a code needs (existingRequestId, activeRequestsCount…). */
  readonly details?: Record<string, unknown>;
  /** The raw response body. */
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
    const envelope = parseEnvelope(body);
    this.statusCode = envelope?.statusCode ?? status;
    this.code = envelope?.code;
    this.serverMessage = envelope?.message;
    this.errors = envelope?.errors;
    this.details = envelope?.details;
  }
}

/** Thrown when the server could not be reached at all (offline, DNS, connection refused). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('network', { cause });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `{ statusCode, code, message, errors?, details? }` from a body, or undefined if it is not one. */
export function parseEnvelope(body: string): ErrorEnvelope | undefined {
  if (!body) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const { statusCode, code, message, errors, details } = parsed;
  if (typeof message !== 'string' && typeof code !== 'string') return undefined;
  const fieldErrors: Record<string, string> | undefined = isRecord(errors)
    ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, String(v)]))
    : undefined;
  return {
    statusCode: typeof statusCode === 'number' ? statusCode : Number(statusCode) || 0,
    code: typeof code === 'string' ? code : '',
    message: typeof message === 'string' ? message : '',
    errors: fieldErrors,
    details: isRecord(details) ? details : undefined,
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Sends one call and returns the parsed JSON (or text, or undefined for an empty answer). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      credentials: 'include',
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  if (!text) return undefined as T;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as T;
  // A successful non-JSON answer (for example the SPA's HTML when /api is not proxied) is a fault.
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'Unexpected response', '');
  }
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { method: 'GET', signal }),
  post: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body }),
};

/** The Arabic text to show for a failed call: the server's message when it sent one, else a fallback. */
export function errorMessage(error: unknown, fallback: string, networkFallback?: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof NetworkError && networkFallback) return networkFallback;
  return fallback;
}
