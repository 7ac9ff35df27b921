import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import type { ActivityLogRow } from '@shared/api/reports';
import type { PeriodKey } from '@shared/statistics';
import type { CharityDataProvider } from '../../providers/customMethods';

// The statistics page's calls through the dataProvider: the reports and the export are custom methods,
// the activity log is react-admin's list resource 'activity-logs' (providers/resourcePaths.ts).

export const statisticsKey = (key: PeriodKey) => ['statistics', key] as const;

/** A period's stored report (generated when the page opens). */
export function useStatistics(key: PeriodKey, enabled: boolean) {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useQuery({
    queryKey: statisticsKey(key),
    queryFn: () => dataProvider.getStatistics(key).then(({ data }) => data),
    enabled,
  });
}

/** The last 50 activities, newest first. */
export const useLatestActivity = () =>
  useGetList<ActivityLogRow>('activity-logs', { pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' } });

/**
 * Excel download: a one-time ticket from an authenticated call, then a plain browser download (which
 * cannot send the session header); the session token never goes into the URL.
 */
export async function downloadStatistics(dataProvider: CharityDataProvider, key: PeriodKey): Promise<void> {
  const { data: url } = await dataProvider.getStatisticsExportUrl(key);
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
