import type { CreatedRequest, RequestPayload } from '@shared/api/requests';
import { apiRequest } from '../../lib/api';

/** A send that has not been answered by then is treated as a lost connection (kept and sent again later). */
export const SEND_TIMEOUT_MS = 30_000;

/**
 * POST /api/requests with the Idempotency-Key made when the visitor first pressed send: sending the same
 * request again (after a lost connection or an answer that never came) answers the first answer and
 * creates nothing. A send unanswered after SEND_TIMEOUT_MS fails as a NetworkError.
 */
export const submitRequest = (payload: RequestPayload, idempotencyKey: string) =>
  apiRequest<CreatedRequest>('/api/requests', {
    method: 'POST',
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
