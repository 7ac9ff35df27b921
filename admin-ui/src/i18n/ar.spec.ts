import { describe, expect, it } from '@jest/globals';
import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ar } from './ar';

interface Tree {
  [key: string]: Tree | string | undefined;
}

/** Every leaf of a message tree as [dotted key, text]. */
function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, string]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [[path, value]];
    if (value && typeof value === 'object') return leaves(value, path);
    return [];
  });
}

function lookup(tree: Tree, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Tree)[key] : undefined), tree);
}

const placeholders = (text: string): string[] => [...new Set(text.match(/%\{[^}]+\}/g) ?? [])].sort();

const english = leaves(englishMessages as unknown as Tree);
const arabic = ar as unknown as Tree;
const arabicLeaves = leaves(arabic);

// Latin words allowed in the Arabic texts: the 404 heading the spec asks for in English, and the name of
// the file format the statistics export to.
const ALLOWED_LATIN = new Map<string, RegExp>([
  ['app.not_found.heading', /^(Page|Not|Found)$/],
  ['app.statistics_page.export', /^Excel$/],
  ['app.statistics_page.export_started', /^Excel$/],
]);

describe('Arabic messages (i18n/ar.ts)', () => {
  it('has a non-empty Arabic string for every key of ra-language-english', () => {
    expect(english.length).toBeGreaterThan(150);
    const missing = english
      .filter(([key, en]) => {
        const value = lookup(arabic, key);
        if (typeof value !== 'string') return true;
        // ra.boolean.null is a single space in English too (an empty cell).
        return en.trim() === '' ? value.length === 0 : value.trim() === '';
      })
      .map(([key]) => key);
    expect(missing).toEqual([]);
    console.info(`ar.ts covers all ${english.length} keys of ra-language-english`);
  });

  it('keeps every %{placeholder} of the English message', () => {
    const lost = english.flatMap(([key, en]) => {
      const value = lookup(arabic, key);
      const have = typeof value === 'string' ? placeholders(value) : [];
      return placeholders(en)
        .filter((p) => !have.includes(p))
        .map((p) => `${key}: ${p}`);
    });
    expect(lost).toEqual([]);
  });

  it('introduces no placeholder that the English message lacks', () => {
    const extra = english.flatMap(([key, en]) => {
      const value = lookup(arabic, key);
      const allowed = placeholders(en);
      return typeof value === 'string'
        ? placeholders(value)
            .filter((p) => !allowed.includes(p))
            .map((p) => `${key}: ${p}`)
        : [];
    });
    expect(extra).toEqual([]);
  });

  it('gives every plural message the six Arabic forms (0, 1, 2, 3–10, 11–99, 100+)', () => {
    const plural = arabicLeaves.filter(([, text]) => text.includes('||||'));
    const englishPlural = english.filter(([, text]) => text.includes('||||')).map(([key]) => key);
    expect(plural.map(([key]) => key).sort()).toEqual(expect.arrayContaining(englishPlural.sort()));
    const wrong = plural
      .filter(
        ([, text]) =>
          text
            .split('||||')
            .map((form) => form.trim())
            .filter(Boolean).length !== 6,
      )
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('renders every message through polyglot for any count without leftovers', () => {
    const i18n = polyglotI18nProvider(() => ar, 'ar');
    const problems: string[] = [];
    for (const [key, en] of arabicLeaves) {
      const options: Record<string, unknown> = {};
      for (const p of placeholders(en)) options[p.slice(2, -1)] = 'س';
      const counts = en.includes('||||') ? [0, 1, 2, 3, 10, 11, 99, 100, 102, 1000] : [undefined];
      for (const count of counts) {
        const text = i18n.translate(key, count === undefined ? options : { ...options, smart_count: count });
        if (text === key || text.includes('%{') || text.includes('||||') || (text.trim() === '' && key !== 'ra.boolean.null')) {
          problems.push(`${key} (${String(count)}): ${text}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('picks the right Arabic plural form', () => {
    const i18n = polyglotI18nProvider(() => ar, 'ar');
    const t = (n: number) => i18n.translate('ra.action.bulk_actions', { smart_count: n });
    expect(t(1)).toBe('عنصر واحد محدد');
    expect(t(2)).toBe('عنصران محددان');
    expect(t(5)).toBe('5 عناصر محددة');
    expect(t(25)).toBe('25 عنصرًا محددًا');
    expect(t(100)).toBe('100 عنصر محدد');
  });

  it('leaves no English in the Arabic texts', () => {
    const latin = arabicLeaves.flatMap(([key, text]) => {
      const words = text.replace(/%\{[^}]+\}/g, '').match(/[A-Za-z]+/g) ?? [];
      const allowed = ALLOWED_LATIN.get(key);
      return words.filter((word) => !allowed?.test(word)).map((word) => `${key}: ${word}`);
    });
    expect(latin).toEqual([]);
  });
});
