import { ADMIN_RESOURCE_PATHS } from '@shared/api/resource-paths';

/** Admin resource name (its URL under /admin) → API path under /api: one map, shared with the server's tests. */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = ADMIN_RESOURCE_PATHS;
