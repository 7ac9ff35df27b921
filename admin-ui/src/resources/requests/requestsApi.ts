import { useQuery } from '@tanstack/react-query';
import type { DropdownOptions, LocationOptions } from '@shared/api/options';
import type { BulkAction, BulkResult, RequestsSummary } from '@shared/api/requests';
import { eventTypeLabel } from '@shared/labels';
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
  body: { status: string; cancellationReason?: string },
): Promise<{ message: string; changed: boolean }> {
  return apiRequest(`/api/requests/${id}/status`, { method: 'PATCH', json: body });
}

/** Arabic names of the stored values: area, district, important place, food and event types. */
export interface OptionLabels {
  area(value: string | null): string;
  district(value: string | null): string;
  place(value: string | null): string;
  food(value: string): string;
  event(value: string): string;
}

export function useOptionLabels(): OptionLabels {
  const dropdowns = useQuery({
    queryKey: ['dropdown-options'],
    queryFn: () => apiRequest<DropdownOptions>('/api/dropdown-options'),
    staleTime: 5 * 60_000,
  });
  const locations = useQuery({
    queryKey: ['simple-location-options'],
    queryFn: () => apiRequest<LocationOptions>('/api/simple-location-options'),
    staleTime: 5 * 60_000,
  });
  const find = (list: { value: string; label?: string; name?: string }[] | undefined, value: string | null) =>
    value ? (list?.find((o) => o.value === value)?.label ?? list?.find((o) => o.value === value)?.name ?? value) : '—';
  return {
    area: (v) => find(locations.data?.areas, v),
    district: (v) => find(locations.data?.districts, v),
    place: (v) => find(dropdowns.data?.importantPlaces, v),
    food: (v) => find(dropdowns.data?.foodTypes, v),
    event: (v) => dropdowns.data?.eventTypes.find((o) => o.value === v)?.label ?? eventTypeLabel(v),
  };
}
