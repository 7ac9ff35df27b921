import { useQuery } from '@tanstack/react-query';
import type {
  AdminRequestRow,
  BulkAction,
  BulkResult,
  RequestNote,
  RequestPatch,
  RequestsSummary,
  StatusHistoryEntry,
} from '@shared/api/requests';
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

export const historyKey = (requestId: number) => ['requests', requestId, 'history'] as const;
export const notesKey = (requestId: number) => ['requests', requestId, 'notes'] as const;

export const fetchHistory = (id: number) => apiRequest<StatusHistoryEntry[]>(`/api/requests/${id}/history`);
export const fetchNotes = (id: number) => apiRequest<RequestNote[]>(`/api/requests/${id}/notes`);
export const addNote = (id: number, text: string) =>
  apiRequest<RequestNote>(`/api/requests/${id}/notes`, { method: 'POST', json: { text } });

/** Sets the assignee (name and phone) or clears it (null); answers the request as the desk shows it. */
export function setAssignee(id: number, assignee: RequestPatch['assignee']): Promise<AdminRequestRow> {
  return apiRequest<AdminRequestRow>(`/api/requests/${id}`, { method: 'PATCH', json: { assignee } });
}

/**
 * The desk's filtered list as an Excel file: a one-time ticket from an authenticated call, then a plain
 * browser download with the list's filter and sort (the session token never goes into a URL).
 */
export async function downloadRequests(filter: Record<string, unknown>, sort: { field: string; order: string }): Promise<void> {
  const { ticket } = await apiRequest<{ ticket: string }>('/api/requests/export-ticket', { method: 'POST' });
  const params = new URLSearchParams({ auth: ticket, filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) });
  const link = document.createElement('a');
  link.href = `/api/requests/export?${params.toString()}`;
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
