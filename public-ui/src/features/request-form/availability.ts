import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PickupAvailabilityDay } from '@shared/api/pickups';
import { addDaysToDateString, daysInMonth } from '@shared/time';
import { api } from '../../lib/api';

export const availabilityQueryKey = ['pickup-availability'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The dates of the calendar's shown month that the form allows (`first`…`last`), as the availability
 * call's `from` and `days` (at most 31, under the server's 60); null when none of the month is allowed.
 */
export function monthWindow(month: Date, first: string, last: string): { from: string; days: number } | null {
  const y = month.getFullYear();
  const m = month.getMonth() + 1;
  const start = `${y}-${pad(m)}-01`;
  const end = `${y}-${pad(m)}-${pad(daysInMonth(y, m))}`;
  const from = start > first ? start : first;
  const to = end < last ? end : last;
  if (to < from) return null;
  let days = 1;
  while (addDaysToDateString(from, days) <= to) days += 1;
  return { from, days };
}

/**
 * Which dates of the shown month are full (decisions.md "Pickup capacity"). A failed call marks
 * nothing: the server still refuses a full date when the form is sent.
 */
export function usePickupAvailability(month: Date, first: string, last: string) {
  const window = monthWindow(month, first, last);
  return useQuery({
    queryKey: [...availabilityQueryKey, window?.from ?? '', window?.days ?? 0],
    queryFn: ({ signal }) => api.get<PickupAvailabilityDay[]>(`/api/pickup-availability?from=${window!.from}&days=${window!.days}`, signal),
    enabled: window !== null,
    staleTime: 30_000,
    retry: false,
  });
}

/** After a DATE_FULL answer: the date shows as full at once in every loaded month, whatever the cache said. */
export function markDateFull(queryClient: QueryClient, date: string): void {
  queryClient.setQueriesData<PickupAvailabilityDay[]>({ queryKey: availabilityQueryKey }, (days) =>
    days?.map((d) => (d.date === date ? { ...d, full: true } : d)),
  );
}
