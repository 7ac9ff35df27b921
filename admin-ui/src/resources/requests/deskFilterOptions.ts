import { useQuery } from '@tanstack/react-query';
import { DESK_FILTER_FIELDS } from '@shared/api/requests';
import { apiRequest } from '../../providers/httpClient';

export interface Option {
  value: string;
  label: string;
}

/** The choices of the desk's filters: the areas, the important places and the event types by their Arabic names. */
export function useDeskFilterOptions() {
  return useQuery({
    queryKey: ['requests', 'filter-options'],
    queryFn: async () => {
      const [lists, locations] = await Promise.all([
        apiRequest<{ eventTypes: Option[]; importantPlaces: Option[] }>('/api/dropdown-options'),
        apiRequest<{ areas: { value: string; name: string }[] }>('/api/simple-location-options'),
      ]);
      return {
        eventTypes: lists.eventTypes,
        importantPlaces: lists.importantPlaces,
        areas: locations.areas.map((a) => ({ value: a.value, label: a.name })),
      };
    },
    staleTime: 5 * 60_000,
  });
}

/** The desk filters (besides the tabs and the search) that are set in `filter`. */
export function activeDeskFilters(filter: Record<string, unknown>): string[] {
  return DESK_FILTER_FIELDS.filter((k) => filter[k] !== undefined && filter[k] !== null && filter[k] !== '');
}

/** `filter` with one desk filter set (or removed when empty), everything else kept. */
export function withDeskFilter(filter: Record<string, unknown>, key: string, value: string | null | undefined): Record<string, unknown> {
  const { [key]: _previous, ...rest } = filter;
  return value ? { ...rest, [key]: value } : rest;
}

/** The desk filters of `filter` alone (what a tab change keeps). */
export function deskFiltersOf(filter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(activeDeskFilters(filter).map((k) => [k, filter[k]]));
}
