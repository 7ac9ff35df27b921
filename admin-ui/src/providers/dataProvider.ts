import simpleRestProvider from 'ra-data-simple-rest';
import type { CreateParams, DataProvider, DeleteParams, GetListParams, Identifier, RaRecord, UpdateParams } from 'react-admin';
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

/**
 * Resources whose server answers the whole list in one array (no paging, no Content-Range) and whose
 * writes answer `{ success, message }` (the create also `place`): their getList, create, update and
 * delete answer react-admin's shapes, so useGetList, useCreate, useUpdate and useDelete keep its cache.
 */
const WHOLE_LIST_RESOURCES = new Set(['important-places']);

function withWholeLists(provider: DataProvider): DataProvider {
  const url = (resource: string, id?: Identifier) =>
    `${API_ROOT}/${resourcePath(resource)}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;
  return {
    ...provider,
    async getList(resource: string, params: GetListParams) {
      if (!WHOLE_LIST_RESOURCES.has(resource)) return provider.getList(resource, params);
      const { json } = await httpClient<RaRecord[]>(url(resource), { signal: params.signal });
      return { data: json, total: json.length };
    },
    async create(resource: string, params: CreateParams) {
      if (!WHOLE_LIST_RESOURCES.has(resource)) return provider.create(resource, params);
      const { json } = await httpClient<{ place: RaRecord }>(url(resource), { method: 'POST', body: JSON.stringify(params.data) });
      return { data: json.place };
    },
    async update(resource: string, params: UpdateParams) {
      if (!WHOLE_LIST_RESOURCES.has(resource)) return provider.update(resource, params);
      await httpClient(url(resource, params.id), { method: 'PUT', body: JSON.stringify(params.data) });
      // The server keeps what was sent (and an omitted coordinate): the record as it now stands.
      return { data: { ...params.previousData, ...params.data, id: params.id } };
    },
    async delete(resource: string, params: DeleteParams) {
      if (!WHOLE_LIST_RESOURCES.has(resource)) return provider.delete(resource, params);
      await httpClient(url(resource, params.id), { method: 'DELETE' });
      return { data: { ...params.previousData, id: params.id } };
    },
  } as DataProvider;
}

export const dataProvider: CharityDataProvider = { ...withWholeLists(withPatchUpdates(withFileUploads(byPath))), ...customMethods };
