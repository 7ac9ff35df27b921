import { useQuery } from '@tanstack/react-query';
import type { BulkAction, BulkResult, RequestsSummary } from '@shared/api/requests';
import { apiRequest } from '../../providers/httpClient';

export const SUMMARY_QUERY_KEY = ['requests', 'summary'] as const;

/** Counters per status and today's/tomorrow's pickups; refreshed every minute like the dashboard. */
export function useRequestsSummary() {
  return useQuery({
    queryKey: SUMMARY_QUERY_KEY,
    queryFn: () => apiRequest<RequestsSummary>('/api/requests/summary'),
    refetchInterval: 60_000,
  });
}

export function bulkRequests(ids: number[], action: BulkAction): Promise<BulkResult> {
  return apiRequest<BulkResult>('/api/requests/bulk', { method: 'POST', json: { ids, ...action } });
}

export function deleteRequest(id: number, reason: string): Promise<{ message: string }> {
  return apiRequest(`/api/requests/${id}`, { method: 'DELETE', json: reason.trim() ? { reason: reason.trim() } : {} });
}

export function changeStatus(
  id: number,
  body: { status: string; cancellationReason?: string; weighedKg?: number },
): Promise<{ message: string; changed: boolean; notified?: boolean }> {
  return apiRequest(`/api/requests/${id}/status`, { method: 'PATCH', json: body });
}

/** The desk's list store key (its sort, filters and selection persist under it). */
export const DESK_STORE_KEY = 'requests.desk';
