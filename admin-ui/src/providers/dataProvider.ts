import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, UpdateParams } from 'react-admin';
import { customMethods, type CharityDataProvider } from './customMethods';
import { withFileUploads } from './fileResources';
import { httpClient } from './httpClient';
import { RESOURCE_PATHS } from './resourcePaths';
import { API_ROOT } from '@shared/api/admin-paths';

const rest = simpleRestProvider(API_ROOT, httpClient);

/** The API path of a resource: its entry in RESOURCE_PATHS, else its own name. */
export function resourcePath(resource: string): string {
  return RESOURCE_PATHS[resource] ?? resource;
}

/**
 * react-admin's data access on the server's list convention (sort/range/filter query parameters,
 * Content-Range header; src/common/http/list-query.ts). Resource names are the admin's URLs
 * (spec: admin-side section 2); RESOURCE_PATHS maps them to API paths where the two differ.
 * Calls outside the convention are named custom methods (customMethods.ts). Forms that carry a file
 * upload it first (fileResources.ts).
 */
const byPath: DataProvider = new Proxy(rest, {
  get(target, method: string) {
    const call = target[method as keyof DataProvider];
    if (typeof call !== 'function') return call;
    return (resource: string, ...args: unknown[]) => (call as (...a: unknown[]) => unknown).call(target, resourcePath(resource), ...args);
  },
});

/** Resources whose server updates with PATCH (only the fields sent change) rather than simple-rest's PUT. */
const PATCH_RESOURCES = new Set(['requests', 'emergency-codes', 'impact-reports']);

function withPatchUpdates(provider: DataProvider): DataProvider {
  return {
    ...provider,
    async update(resource: string, params: UpdateParams) {
      if (!PATCH_RESOURCES.has(resource)) return provider.update(resource, params);
      const url = `${API_ROOT}/${resourcePath(resource)}/${encodeURIComponent(String(params.id))}`;
      const { json } = await httpClient(url, { method: 'PATCH', body: JSON.stringify(params.data) });
      return { data: json };
    },
  } as DataProvider;
}

export const dataProvider: CharityDataProvider = { ...withPatchUpdates(withFileUploads(byPath)), ...customMethods };
