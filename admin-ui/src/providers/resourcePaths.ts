import { ADMIN_RESOURCE_PATHS } from '@shared/api/resource-paths';
import { API_PATHS, API_ROOT } from '@shared/api/admin-paths';

/** A path of API_PATHS as react-admin's simple-REST provider takes it: under API_ROOT, without it. */
const underRoot = (path: string): string => path.slice(API_ROOT.length + 1);

/**
 * Lists the admin reads with useGetList whose records have no page of their own (no `GET …/:id`), so
 * they are not in ADMIN_RESOURCE_PATHS: their paths are API_PATHS entries, which the server's
 * admin-paths.int-spec.ts checks like every other.
 * - pickups: a date's pickups on the list convention (`filter={"date":…}`);
 * - activity-logs: the activity log on the list convention;
 * - important-places: the whole list in one answer (WHOLE_LIST_RESOURCES in dataProvider.ts).
 */
export const LIST_ONLY_RESOURCE_PATHS = {
  pickups: underRoot(API_PATHS.pickups.list),
  'activity-logs': underRoot(API_PATHS.statistics.activityLogs),
  'important-places': underRoot(API_PATHS.locations.places),
} as const;

/** Admin resource name (its URL under /admin, or the list's name) → API path under /api. */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = { ...ADMIN_RESOURCE_PATHS, ...LIST_ONLY_RESOURCE_PATHS };
