import type { ActivityLogRow } from '@shared/api/reports';
import type { PeriodKey, StatisticsReport } from '@shared/statistics';
import { API_PATHS } from '@shared/api/admin-paths';
import { apiRequest } from '../../providers/httpClient';

export const statisticsKey = (key: PeriodKey) => ['statistics', key] as const;
export const ACTIVITY_KEY = ['activity-logs', 'latest'] as const;

/** The query string of a period (the server reads the same fields from GET and from the export). */
export function periodQuery(key: PeriodKey): string {
  const params = new URLSearchParams({ period: key.period });
  if (key.period === 'daily') params.set('date', key.date);
  if (key.period === 'monthly') {
    params.set('year', String(key.year));
    params.set('month', String(key.month));
  }
  return params.toString();
}

export const fetchStatistics = (key: PeriodKey) => apiRequest<StatisticsReport>(`${API_PATHS.statistics.report}?${periodQuery(key)}`);
export const generateStatistics = (key: PeriodKey) =>
  apiRequest<StatisticsReport>(API_PATHS.statistics.generate, { method: 'POST', json: key });
export const fetchLatestActivity = () => apiRequest<ActivityLogRow[]>(`${API_PATHS.statistics.activityLogs}?range=[0,49]`);

/**
 * Excel download: a one-time ticket from an authenticated call, then a plain browser download (which
 * cannot send the session header); the session token never goes into the URL.
 */
export async function downloadStatistics(key: PeriodKey): Promise<void> {
  const { ticket } = await apiRequest<{ ticket: string }>(API_PATHS.statistics.exportTicket, { method: 'POST' });
  const link = document.createElement('a');
  link.href = `${API_PATHS.statistics.export}?auth=${encodeURIComponent(ticket)}&download=1&${periodQuery(key)}`;
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
