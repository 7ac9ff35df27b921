import { describe, expect, it } from '@jest/globals';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ADMIN_RESOURCE_PATHS } from '@shared/api/resource-paths';
import { ar } from './ar';

const ARABIC = /^[\u0600-\u06FF\s«»،]+$/;

// The admin's tsconfig has no Node types (it is browser code): Node's own loader reads the file.
const fs = (
  globalThis as unknown as { process: { getBuiltinModule(id: 'node:fs'): { readFileSync(path: string, encoding: 'utf8'): string } } }
).process.getBuiltinModule('node:fs');

// Every <Resource name="…"> the admin declares (App.tsx is the admin at a glance; jest runs from the root).
const declared = [...fs.readFileSync('admin-ui/src/App.tsx', 'utf8').matchAll(/<Resource\s+name="([a-z][a-z-]*)"/g)].map((m) => m[1]);

describe('Arabic resource names', () => {
  const i18n = polyglotI18nProvider(() => ar, 'ar');
  // What react-admin's useGetResourceLabel asks for: one item (1) and the list (2, its default).
  const label = (resource: string, count: number) => i18n.translate(`resources.${resource}.name`, { smart_count: count, _: 'MISSING' });

  it('finds the resources of App.tsx', () => {
    expect(declared).toEqual(expect.arrayContaining(['requests', 'quick-messages', 'impact-reports']));
  });

  it('maps every resource to its API path in the one shared map (the server tests the same map)', () => {
    expect([...declared].sort()).toEqual(Object.keys(ADMIN_RESOURCE_PATHS).sort());
  });

  it('names every resource in Arabic, for one item and for the list', () => {
    const missing = declared.filter((resource) => !ARABIC.test(label(resource, 1)) || !ARABIC.test(label(resource, 2)));
    expect(missing).toEqual([]);
  });

  it("puts the Arabic name into react-admin's empty-list sentences", () => {
    const name = label('requests', 2);
    expect(i18n.translate('ra.navigation.no_results', { name })).toBe('لا توجد نتائج في «الطلبات»');
    expect(i18n.translate('ra.page.empty', { name: label('impact-reports', 2) })).toBe('لا توجد بيانات في «تقارير الأثر» بعد.');
    expect(label('quick-messages', 1)).toBe('رسالة سريعة');
  });
});
