import { describe, expect, it } from '@jest/globals';

/**
 * Issue 26: every Arabic text of the admin lives in the i18n catalogues (read through useTranslate, or
 * i18nProvider.translate in plain modules, with 'app.…' keys), never as a literal in a .tsx or .ts file
 * beside them.
 */

// The admin's tsconfig has no Node types (it is browser code): Node's own loader reads the files.
interface Fs {
  readdirSync(path: string, options: { recursive: true; encoding: 'utf8' }): string[];
  readFileSync(path: string, encoding: 'utf8'): string;
}
const fs = (globalThis as unknown as { process: { getBuiltinModule(id: 'node:fs'): Fs } }).process.getBuiltinModule('node:fs');

// jest runs from the repository root.
const ROOT = 'admin-ui/src';
const SCANNED = ['pages', 'layout', 'components', 'resources', 'login', 'providers', 'theme'];

/**
 * Left out, relative to admin-ui/src: the i18n provider names its language in that language («العربية»),
 * as a locale list does. (The light login's few texts sit in i18n/ar-login.ts too.)
 */
const EXCEPTIONS: string[] = ['providers/i18nProvider.ts'];

const ARABIC = /[\u0600-\u06FF]/;

/** The source without its comments (a simple pass: block comments, then line comments not after a colon, as in URLs). */
const stripComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, '')).replace(/(^|[^:])\/\/[^\n]*/g, '$1');

/** Each line of the source that holds an Arabic letter outside comments, as «line: text». */
const arabicLines = (source: string): string[] =>
  stripComments(source)
    .split('\n')
    .flatMap((line, i) => (ARABIC.test(line) ? [`${i + 1}: ${line.trim()}`] : []));

const excepted = (path: string) => EXCEPTIONS.some((e) => (e.endsWith('/') ? path.startsWith(e) : path === e));

const sourceFiles = SCANNED.flatMap((dir) =>
  fs
    .readdirSync(`${ROOT}/${dir}`, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.replace(/\\/g, '/')}`)
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.spec.ts')),
);

describe('Arabic literals in the admin source files', () => {
  it('finds Arabic in code but not in comments', () => {
    const sample = [
      '// تعليق',
      '/* تعليق',
      '   طويل */',
      "const url = 'https://example.org'; // تعليق",
      'const label = "نص";',
      '<Button>حفظ</Button>',
    ].join('\n');
    expect(arabicLines(sample)).toEqual(['5: const label = "نص";', '6: <Button>حفظ</Button>']);
  });

  it('scans the pages, layout, components, resources, providers and theme, .tsx and .ts alike', () => {
    expect(sourceFiles.length).toBeGreaterThan(100);
    expect(sourceFiles).toEqual(
      expect.arrayContaining([
        'layout/navigation.tsx',
        'pages/statistics/StatisticsPage.tsx',
        'resources/requests/RequestList.tsx',
        'resources/requests/statusToasts.ts',
        'providers/httpClient.ts',
      ]),
    );
  });

  it('keeps every Arabic text of the scanned folders in the catalogues', () => {
    const found = sourceFiles
      .filter((path) => !excepted(path))
      .flatMap((path) => arabicLines(fs.readFileSync(`${ROOT}/${path}`, 'utf8')).map((line) => `${path}:${line}`));
    expect(found).toEqual([]);
  });
});
