import { useQuery } from '@tanstack/react-query';
import type { DaySummary, PickupCapacity, PickupRow, PickupStrip } from '@shared/api/pickups';
import { API_PATHS } from '@shared/api/admin-paths';
import { apiRequest, ApiError } from '../../providers/httpClient';
import { i18nProvider } from '../../providers/i18nProvider';
import { getValidSession } from '../../providers/session';

/** Every pickups query starts with this key, so one save refreshes them all. */
export const PICKUPS_KEY = ['pickups'] as const;
export const CAPACITY_KEY = ['pickup-capacity'] as const;

/** Lists refresh every minute while open, like the dashboard. */
const POLL = 60_000;

/** A date's pickups in deadline order (a day has a few dozen at most: one page of 500). */
export function usePickups(date: string) {
  return useQuery({
    queryKey: [...PICKUPS_KEY, 'list', date],
    queryFn: ({ signal }) =>
      apiRequest<PickupRow[]>(`${API_PATHS.pickups.list}?date=${date}&range=${encodeURIComponent('[0,499]')}`, { signal }),
    refetchInterval: POLL,
  });
}

/** The 14 days from `from` with their counts against the capacity. */
export function usePickupStrip(from: string) {
  return useQuery({
    queryKey: [...PICKUPS_KEY, 'strip', from],
    queryFn: ({ signal }) => apiRequest<PickupStrip>(`${API_PATHS.pickups.strip}?from=${from}`, { signal }),
    refetchInterval: POLL,
  });
}

/** What the dashboard opens on, in one call. */
export function useDaySummary() {
  return useQuery({
    queryKey: [...PICKUPS_KEY, 'day'],
    queryFn: ({ signal }) => apiRequest<DaySummary>(API_PATHS.pickups.day, { signal }),
    refetchInterval: POLL,
  });
}

export function useCapacity() {
  return useQuery({
    queryKey: CAPACITY_KEY,
    queryFn: ({ signal }) => apiRequest<PickupCapacity>(API_PATHS.pickups.capacity, { signal }),
  });
}

export function saveCapacity(maxPerDay: number | null) {
  return apiRequest<{ message: string; capacity: PickupCapacity }>(API_PATHS.pickups.capacity, { method: 'PUT', json: { maxPerDay } });
}

/**
 * The run sheet: fetched with the session header (never a token in a URL), then handed to the browser
 * as a file. A phone opens it in its PDF viewer; a computer saves or prints it.
 */
export async function downloadRunSheet(date: string): Promise<void> {
  const session = getValidSession();
  const response = await fetch(`${API_PATHS.pickups.runSheet}?date=${date}`, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text();
    let message = '';
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? '';
    } catch {
      // Not an envelope (a proxy page): the caller's generic text is shown.
    }
    throw new ApiError(response.status, message, null);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${i18nProvider.translate('app.pickups.run_sheet_file', { date })}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
