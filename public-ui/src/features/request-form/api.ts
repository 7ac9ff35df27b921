import { apiRequest } from '../../lib/api';

/** POST /api/requests body (the server rebuilds fullAddress and records the real IP itself). */
export interface RequestPayload {
  eventType: string;
  attendeeCount: number | null;
  eventDate: string;
  endTime: string;
  locationType: 'custom' | 'important_place';
  area: string;
  district: string;
  street?: string;
  buildingNumber: string;
  importantPlace: string;
  landmarks: string;
  latitude?: number;
  longitude?: number;
  locationPhone: string;
  fullAddress: string;
  organizerName: string;
  organizerPhone: string;
  organizerEmail: string | null;
  foodTypes: string[];
  additionalNotes: string;
  whatsappOptIn: boolean;
  consentText: string;
  ipAddress: string;
  userAgent: string;
}

export interface CreatedRequest {
  id: number;
  status: string;
  message?: string;
}

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
