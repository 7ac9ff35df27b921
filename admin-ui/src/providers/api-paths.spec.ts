import { describe, expect, it } from '@jest/globals';
import { API_PATHS, listApiPaths } from '@shared/api/admin-paths';

/**
 * Issue 26: the admin's API paths have one owner each — the list resources' in
 * @shared/api/resource-paths, every other call's in @shared/api/admin-paths — never a '/api/…' literal
 * in an admin file (a renamed server route is then changed in one place, and the server's
 * test/integration/admin-paths.int-spec.ts checks the map against the routes it registers).
 */

// The admin's tsconfig has no Node types (it is browser code): Node's own loader reads the files.
interface Fs {
  readdirSync(path: string, options: { recursive: true; encoding: 'utf8' }): string[];
  readFileSync(path: string, encoding: 'utf8'): string;
}
const fs = (globalThis as unknown as { process: { getBuiltinModule(id: 'node:fs'): Fs } }).process.getBuiltinModule('node:fs');

// jest runs from the repository root.
const ROOT = 'admin-ui/src';

/** Left out, relative to admin-ui/src: none but tests (*.spec.ts), which pin the exact URLs sent over the wire. */
const EXCEPTIONS: string[] = [];

/** A string or template literal that starts with /api: '/api/x', "/api", `/api/${id}`, '/api?x'. */
const API_LITERAL = /(['"`])\/api(?:\/|\?|\1)/;

const excepted = (path: string) => EXCEPTIONS.some((e) => (e.endsWith('/') ? path.startsWith(e) : path === e));

/**
 * An API path built by hand: a path of the map with a query string or a segment put on it
 * (`${API_PATHS.x}?date=…`, API_PATHS.x + '/7'), or the API root itself. Only the providers build URLs
 * (the dataProvider's resources, customMethods' withQuery); a screen names a resource or calls a method.
 */
const HAND_BUILT = /`[^`]*\$\{\s*API_PATHS\.|\bAPI_PATHS\.[\w.]+(?:\([^)]*\))?\s*\+|\bAPI_ROOT\b/;
const BUILDS_URLS = 'providers/';

const sources = fs
  .readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
  .map((file) => file.replace(/\\/g, '/'))
  .filter((path) => /\.tsx?$/.test(path) && !/\.spec\.tsx?$/.test(path));

/** Each line of a file holding an '/api…' literal, as «path:line: text». */
const matchingLines =
  (pattern: RegExp) =>
  (path: string): string[] =>
    fs
      .readFileSync(`${ROOT}/${path}`, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
const literalLines = matchingLines(API_LITERAL);

describe("the admin's API paths", () => {
  it('recognises the literal forms, not prose or the map', () => {
    expect(
      ["apiRequest('/api/admin/x')", 'fetch("/api/auth/logout")', 'apiRequest(`/api/x/${id}`)', "simpleRest('/api', c)", "'/api?x'"].every(
        (l) => API_LITERAL.test(l),
      ),
    ).toBe(true);
    expect(
      ['// GET /api/auth/verify', 'apiRequest(API_PATHS.auth.verify)', "'/apis/x'", "'/api-docs'"].some((l) => API_LITERAL.test(l)),
    ).toBe(false);
  });

  it('finds the admin sources, the excepted ones among them', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(sources).toEqual(expect.arrayContaining(['providers/authProvider.ts', 'providers/dataProvider.ts']));
  });

  it('no admin file outside the exceptions writes an /api path as a literal', () => {
    expect(sources.filter((path) => !excepted(path)).flatMap(literalLines)).toEqual([]);
  });

  it('recognises a path of the map built on by hand, not a path of the map used as it is', () => {
    expect(
      [
        'apiRequest(`${API_PATHS.pickups.list}?date=${date}`)',
        'link.href = `${API_PATHS.statistics.export}?auth=${ticket}`',
        'fetch(API_PATHS.requests.one(id) + "/notes")',
        'API_PATHS.locations.places + `/${id}`',
        'const url = `${API_ROOT}/${resource}`',
      ].every((l) => HAND_BUILT.test(l)),
    ).toBe(true);
    expect(
      [
        'dataProvider.getFile(API_PATHS.reports.impactPdf(report.id))',
        'apiRequest(API_PATHS.auth.resetPassword, {',
        '// API_PATHS (admin-paths.ts)',
      ].some((l) => HAND_BUILT.test(l)),
    ).toBe(false);
  });

  it('no screen builds an API path by hand: only the providers put queries or segments on one', () => {
    expect(sources.filter((path) => !path.startsWith(BUILDS_URLS)).flatMap(matchingLines(HAND_BUILT))).toEqual([]);
  });

  it('the map holds whole /api paths without query strings, ids filled in', () => {
    const paths = listApiPaths(7);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter(({ path }) => !/^\/api\/[a-z0-9/-]+$/.test(path))).toEqual([]);
    expect(API_PATHS.locations.district(7)).toBe('/api/admin/simple-locations/districts/7');
    expect(paths).toContainEqual({ name: 'locations.place', path: '/api/admin/important-places/7' });
  });
});
