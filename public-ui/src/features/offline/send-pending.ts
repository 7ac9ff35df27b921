import type { RequestPayload } from '@shared/api/requests';
import { ApiError, NetworkError } from '../../lib/api';
import { submitRequest } from '../request-form/api';
import { emit, readPending, removePending } from './pending-requests';

let running: Promise<void> | null = null;

/** Worth another try later: no connection, the server away or busy (5xx, 408, 429). */
const tryLater = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429));

/**
 * Sends every kept request with its own Idempotency-Key, oldest first, one run at a time. An answer
 * removes it (created: `sent`, refused: `refused`); a failed connection stops the run and keeps the rest.
 */
export function sendPending(): Promise<void> {
  running ??= (async () => {
    for (const pending of readPending()) {
      try {
        const created = await submitRequest(pending.payload as RequestPayload, pending.key);
        removePending(pending.key);
        emit({ type: 'sent', key: pending.key, created });
      } catch (error) {
        if (tryLater(error) || !(error instanceof ApiError)) return;
        removePending(pending.key);
        emit({ type: 'refused', key: pending.key, error });
      }
    }
  })().finally(() => {
    running = null;
  });
  return running;
}
