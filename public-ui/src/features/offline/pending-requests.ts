/**
 * Requests the visitor sent while the connection was down, kept in this browser (localStorage: one small
 * record each, read synchronously on load) until the server has answered them. Each keeps the
 * Idempotency-Key it was first sent with, so sending it again can never create a second request.
 */
import type { CreatedRequest } from '@shared/api/requests';
import type { ApiError } from '../../lib/api';

const STORAGE_KEY = 'charity:pending-requests:v1';

export interface PendingRequest {
  /** The Idempotency-Key made when the visitor first pressed send. */
  key: string;
  payload: unknown;
  savedAt: number;
}

export type PendingEvent =
  | { type: 'queued'; key: string }
  | { type: 'sent'; key: string; created: CreatedRequest }
  | { type: 'refused'; key: string; error: ApiError };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readPending(): PendingRequest[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is PendingRequest => typeof p?.key === 'string' && 'payload' in p) : [];
  } catch {
    return [];
  }
}

function write(list: PendingRequest[]): void {
  try {
    if (list.length) storage()?.setItem(STORAGE_KEY, JSON.stringify(list));
    else storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or refused: the request stays in memory for this visit only.
  }
}

export function addPending(request: PendingRequest): void {
  write([...readPending().filter((p) => p.key !== request.key), request]);
  emit({ type: 'queued', key: request.key });
}

export function removePending(key: string): void {
  write(readPending().filter((p) => p.key !== key));
}

const listeners = new Set<(event: PendingEvent) => void>();

export function onPendingEvent(listener: (event: PendingEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emit(event: PendingEvent): void {
  for (const listener of listeners) listener(event);
}

/** A random UUID (v4) for the Idempotency-Key; crypto.randomUUID needs a secure context. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
