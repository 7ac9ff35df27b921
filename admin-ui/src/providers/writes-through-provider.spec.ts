import { describe, expect, it } from '@jest/globals';

// The admin's tsconfig has no Node types (it is browser code): Node's own modules come from the loader.
type Fs = {
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string, options: { recursive: true }): string[];
};
const fs = (globalThis as unknown as { process: { getBuiltinModule(id: 'node:fs'): Fs } }).process.getBuiltinModule('node:fs');

// jest runs from the repository root.
const ROOT = 'admin-ui/src';
/**
 * The resources and the pages. Left out: the sign-in and password flows, which call the auth endpoints
 * beside react-admin's authProvider (before a session exists, or to change its password), not data.
 */
const AUTH_FLOWS = ['pages/login/', 'pages/password-reset/', 'pages/dashboard/cards/PasswordChangeCard.tsx'];
const sources = ['resources', 'pages']
  .flatMap((dir) => fs.readdirSync(`${ROOT}/${dir}`, { recursive: true }).map((file) => `${dir}/${file.replace(/\\/g, '/')}`))
  .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file))
  .filter((file) => !AUTH_FLOWS.some((flow) => (flow.endsWith('/') ? file.startsWith(flow) : file === flow)))
  .map((file) => ({ file, text: fs.readFileSync(`${ROOT}/${file}`, 'utf8') }));

describe('the resources and the pages read and write through the dataProvider', () => {
  it('finds the resources and pages sources', () => {
    expect(sources.length).toBeGreaterThan(60);
    expect(sources.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['resources/requests/RequestList.tsx', 'pages/pickups/PickupsPage.tsx']),
    );
  });

  it('no screen sends a write request itself', () => {
    const offenders = sources.filter(({ text }) => /method:\s*['"](POST|PUT|PATCH|DELETE)['"]/.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('no screen calls apiRequest, httpClient or fetch directly', () => {
    const direct = /\bapiRequest\b|\bhttpClient\s*[(<]|(?<![\w.])fetch\s*\(|window\.fetch\b/;
    const offenders = sources.filter(({ text }) => direct.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
