import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { withFileUploads } from './fileResources';
import { httpClient } from './httpClient';
import { RESOURCE_PATHS } from './resourcePaths';

const rest = simpleRestProvider('/api', httpClient);

/** The API path of a resource: its entry in RESOURCE_PATHS, else its own name. */
export function resourcePath(resource: string): string {
  return RESOURCE_PATHS[resource] ?? resource;
}

/**
 * react-admin's data access on the server's list convention (sort/range/filter query parameters,
 * Content-Range header; src/common/http/list-query.ts). Resource names are the admin's URLs
 * (spec: admin-side section 2); RESOURCE_PATHS maps them to API paths where the two differ.
 * Calls outside the convention use `apiRequest`. Forms that carry a file upload it first (fileResources.ts).
 */
const byPath: DataProvider = new Proxy(rest, {
  get(target, method: string) {
    const call = target[method as keyof DataProvider];
    if (typeof call !== 'function') return call;
    return (resource: string, ...args: unknown[]) => (call as (...a: unknown[]) => unknown).call(target, resourcePath(resource), ...args);
  },
});

export const dataProvider: DataProvider = withFileUploads(byPath);
