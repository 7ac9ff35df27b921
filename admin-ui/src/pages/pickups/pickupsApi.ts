import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import type { PickupRow } from '@shared/api/pickups';
import type { CharityDataProvider } from '../../providers/customMethods';
import { i18nProvider } from '../../providers/i18nProvider';
import { saveBlob } from '../../providers/saveBlob';

// The dispatcher's day through the dataProvider: the date's pickups are react-admin's list resource
// 'pickups' (providers/resourcePaths.ts); the strip, the day summary and the capacity are custom methods.

/** Lists refresh every minute while open, like the dashboard. */
const POLL = 60_000;

/** A date's pickups in deadline order (a day has a few dozen at most: one page of 500). */
export function usePickups(date: string) {
  return useGetList<PickupRow>(
    'pickups',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'collectionDeadline', order: 'ASC' }, filter: { date } },
    { refetchInterval: POLL },
  );
}

/** The 14 days from `from` with their counts against the capacity. */
export function usePickupStrip(from: string) {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useQuery({
    queryKey: ['pickups', 'strip', from],
    queryFn: ({ signal }) => dataProvider.getPickupStrip(from, signal).then(({ data }) => data),
    refetchInterval: POLL,
  });
}

/** What the dashboard opens on, in one call. */
export function useDaySummary() {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useQuery({
    queryKey: ['pickups', 'day'],
    queryFn: ({ signal }) => dataProvider.getDaySummary(signal).then(({ data }) => data),
    refetchInterval: POLL,
  });
}

export function useCapacity() {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useQuery({
    queryKey: ['pickup-capacity'],
    queryFn: ({ signal }) => dataProvider.getPickupCapacity(signal).then(({ data }) => data),
  });
}

/**
 * The run sheet: fetched with the session header (never a token in a URL), then handed to the browser
 * as a file. A phone opens it in its PDF viewer; a computer saves or prints it.
 */
export async function downloadRunSheet(dataProvider: CharityDataProvider, date: string): Promise<void> {
  const { data } = await dataProvider.getRunSheet(date);
  saveBlob(data, `${i18nProvider.translate('app.pickups.run_sheet_file', { date })}.pdf`);
}
