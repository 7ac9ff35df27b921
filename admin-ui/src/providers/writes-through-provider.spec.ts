import { describe, expect, it } from '@jest/globals';

// The admin's tsconfig has no Node types (it is browser code): Node's own modules come from the loader.
type Fs = {
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string, options: { recursive: true }): string[];
};
const fs = (globalThis as unknown as { process: { getBuiltinModule(id: 'node:fs'): Fs } }).process.getBuiltinModule('node:fs');

// jest runs from the repository root.
const ROOT = 'admin-ui/src/resources';
const sources = fs
  .readdirSync(ROOT, { recursive: true })
  .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file))
  .map((file) => ({ file, text: fs.readFileSync(`${ROOT}/${file}`, 'utf8') }));

describe('the resources write through the dataProvider', () => {
  it('finds the resources sources', () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  it('no resource sends a write request itself', () => {
    const offenders = sources.filter(({ text }) => /method:\s*['"](POST|PUT|PATCH|DELETE)['"]/.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('no resource calls apiRequest, httpClient or fetch directly', () => {
    const direct = /\bapiRequest\b|\bhttpClient\s*[(<]|(?<![\w.])fetch\s*\(|window\.fetch\b/;
    const offenders = sources.filter(({ text }) => direct.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
