import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { DESK_FILTER_FIELDS } from '@shared/api/requests';
import type { CharityDataProvider, FilterOption } from '../../providers/customMethods';

export type Option = FilterOption;

/** The choices of the desk's filters: the areas, the important places and the event types by their Arabic names. */
export function useDeskFilterOptions() {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useQuery({
    queryKey: ['requests', 'filter-options'],
    queryFn: () => dataProvider.getDeskFilterOptions().then(({ data }) => data),
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
