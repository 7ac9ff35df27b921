import type { SelfServiceCancelResult, SelfServiceView } from '@shared/api/self-service';
import { api, ApiError } from '../../lib/api';

export type { SelfServiceCancelResult, SelfServiceView };

export const hostPageQueryKey = (token: string) => ['self-service', token] as const;

/** GET /api/self-service/{token}: the host's request (404 for a link that does not open). */
export function fetchHostRequest(token: string, signal?: AbortSignal): Promise<SelfServiceView> {
  return api.get<SelfServiceView>(`/api/self-service/${encodeURIComponent(token)}`, signal);
}

/** POST /api/self-service/{token}/cancel with the host's optional reason. */
export function cancelHostRequest(token: string, reason: string): Promise<SelfServiceCancelResult> {
  const trimmed = reason.trim();
  return api.post<SelfServiceCancelResult>(`/api/self-service/${encodeURIComponent(token)}/cancel`, trimmed ? { reason: trimmed } : {});
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
