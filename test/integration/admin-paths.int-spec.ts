import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listApiPaths } from '../../src/shared/api/admin-paths';
import { ADMIN_RESOURCE_PATHS } from '../../src/shared/api/resource-paths';
import { appWithRoutes, type Route } from '../support/routed-app';

/** A registered route's pattern as a regular expression on a concrete path (`:id` → one segment). */
const patternOf = (url: string): RegExp =>
  new RegExp(
    '^' +
      url
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/') +
      '/?$',
  );

/**
 * Issue 26: the admin's API paths (@shared/api/admin-paths, and the list resources' resource-paths)
 * against the routes the app really registers — read from Fastify while Nest adds them, never from a
 * hand list — so renaming a server route without the map (or the map without the route) fails here.
 */
describe("the admin's API path maps match the server's routes", () => {
  let app: NestFastifyApplication;
  let registered: Route[] = [];

  beforeAll(async () => {
    ({ app, routes: registered } = await appWithRoutes());
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The methods of the API routes serving a concrete path (wildcards left out: they would match anything). */
  const methodsFor = (path: string): string[] =>
    registered
      .filter((r) => r.url.startsWith('/api/') && !r.url.includes('*') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => patternOf(r.url).test(path))
      .map((r) => r.method);

  it('reads the routes from the app, and refuses a path it does not serve', () => {
    expect(registered.length).toBeGreaterThan(100);
    expect(methodsFor('/api/admin/important-places/1')).toEqual(expect.arrayContaining(['PUT', 'DELETE']));
    expect(methodsFor('/api/admin/no-such-route')).toEqual([]);
    // Fastify agrees with the pattern matching above on a route with an id.
    expect(app.getHttpAdapter().getInstance().hasRoute({ method: 'DELETE', url: '/api/admin/simple-locations/districts/:id' })).toBe(true);
  });

  it('serves every path of API_PATHS (ids filled with 1)', () => {
    const paths = listApiPaths(1);
    expect(paths.length).toBeGreaterThan(40);
    const missing = paths.filter(({ path }) => methodsFor(path).length === 0).map(({ name, path }) => `${name}: ${path}`);
    expect(missing).toEqual([]);
  });

  it('serves every list resource of ADMIN_RESOURCE_PATHS, as a list and as one record', () => {
    const missing = Object.entries(ADMIN_RESOURCE_PATHS).flatMap(([name, path]) =>
      [`/api/${path}`, `/api/${path}/1`].filter((url) => !methodsFor(url).includes('GET')).map((url) => `${name}: GET ${url}`),
    );
    expect(missing).toEqual([]);
  });
});
