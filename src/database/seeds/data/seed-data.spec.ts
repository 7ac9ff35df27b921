import { describe, it, expect } from '@jest/globals';
import { EVENT_TYPE_VALUES } from '../../../shared/labels';
import { CONTENT_DEFAULTS, CONTENT_KEYS } from './content';
import { EVENT_TYPES, FOOD_TYPES } from './dropdowns';
import { AREAS, DISTRICTS, IMPORTANT_PLACES } from './locations';
import { FOOD_CALCULATION_DEFAULT, SYSTEM_SETTINGS, systemSettingsDefaults } from './settings';

const ARABIC = /[\u0600-\u06ff]/;

describe('location seeds', () => {
  it('has the three areas', () => {
    expect(AREAS.map((a) => a.value)).toEqual(['yanbu_industrial', 'yanbu_city', 'yanbu_nakhl']);
  });

  it('has unique districts per area, each in a known area', () => {
    const areaValues = new Set(AREAS.map((a) => a.value));
    const keys = DISTRICTS.map((d) => `${d.areaValue}/${d.value}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of DISTRICTS) {
      expect(areaValues.has(d.areaValue)).toBe(true);
      expect(d.name).toMatch(ARABIC);
      expect(d.value).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });

  it('seeds the confirmed districts active and the probable ones inactive', () => {
    expect(DISTRICTS.filter((d) => d.isActive)).toHaveLength(72);
    const inactive = DISTRICTS.filter((d) => !d.isActive);
    expect(inactive).toHaveLength(26);
    expect(inactive.every((d) => d.areaValue === 'yanbu_city')).toBe(true);
  });

  it('has important places with unique values, a stored group each and a running sort order', () => {
    expect(IMPORTANT_PLACES).toHaveLength(26);
    expect(new Set(IMPORTANT_PLACES.map((p) => p.value)).size).toBe(IMPORTANT_PLACES.length);
    IMPORTANT_PLACES.forEach((p, i) => {
      expect(p.sortOrder).toBe(i + 1);
      // Seeded codes happen to start with their group; a place added later need not.
      expect(p.value.startsWith(`${p.group}_`)).toBe(true);
      expect(p.label).toMatch(ARABIC);
    });
    expect(new Set(IMPORTANT_PLACES.map((p) => p.group))).toEqual(new Set(['wedding', 'hotel', 'company', 'commercial']));
  });
});

describe('dropdown seeds', () => {
  it('has the eight event types in label order', () => {
    expect(EVENT_TYPES.map((e) => e.value)).toEqual([...EVENT_TYPE_VALUES]);
    expect(EVENT_TYPES.find((e) => e.value === 'wedding')?.label).toBe('حفل زواج');
  });

  it('has 8 to 12 food types with snake_case values and Arabic labels', () => {
    expect(FOOD_TYPES.length).toBeGreaterThanOrEqual(8);
    expect(FOOD_TYPES.length).toBeLessThanOrEqual(12);
    expect(new Set(FOOD_TYPES.map((f) => f.value)).size).toBe(FOOD_TYPES.length);
    for (const f of FOOD_TYPES) {
      expect(f.value).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(f.label).toMatch(ARABIC);
    }
  });
});

describe('content seeds', () => {
  it('covers every content key once, as text, with a value except the contact details only the charity knows', () => {
    expect(CONTENT_DEFAULTS.map((c) => c.key)).toEqual([...CONTENT_KEYS]);
    expect(CONTENT_KEYS).toHaveLength(26);
    const empty = CONTENT_DEFAULTS.filter((c) => !c.value.trim()).map((c) => c.key);
    expect(empty).toEqual(['contact_phone', 'contact_email', 'license_number']);
    for (const c of CONTENT_DEFAULTS) expect(c.type).toBe('text');
    // No invented address or link anywhere a visitor could see it.
    expect(JSON.stringify(CONTENT_DEFAULTS)).not.toMatch(/example\.(org|com)/);
  });

  it("seeds the spec's about-page figures as editable numbers", () => {
    const value = (key: string) => CONTENT_DEFAULTS.find((c) => c.key === key)?.value;
    expect(['about_founded_year', 'about_meals', 'about_families', 'about_events', 'about_volunteers'].map(value)).toEqual([
      '2024',
      '2000',
      '500',
      '150',
      '25',
    ]);
  });

  it('uses the decided working hours and verse', () => {
    const value = (key: string) => CONTENT_DEFAULTS.find((c) => c.key === key)?.value;
    expect(value('working_hours_weekdays')).toBe('السبت - الخميس: 8:00 ص - 8:00 م');
    expect(value('working_hours_friday')).toBe('الجمعة: 2:00 م - 8:00 م');
    expect(value('hero_verse')).toContain('وَيُطْعِمُونَ الطَّعَامَ عَلَىٰ حُبِّهِ مِسْكِينًا وَيَتِيمًا وَأَسِيرًا');
    expect(value('hero_verse')).toContain('(الإنسان: 8)');
  });
});

describe('settings seeds', () => {
  it('takes the verification setting from the option', () => {
    const get = (on: boolean) =>
      systemSettingsDefaults({ verificationRequired: on }).find((s) => s.key === 'admin_verification_required')?.value;
    expect(get(true)).toBe('true');
    expect(get(false)).toBe('false');
  });

  it('has unique keys with Arabic descriptions and the site open', () => {
    const keys = SYSTEM_SETTINGS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of SYSTEM_SETTINGS) expect(s.description).toMatch(ARABIC);
    expect(SYSTEM_SETTINGS.find((s) => s.key === 'site_blocked')?.value).toBe('false');
    expect(SYSTEM_SETTINGS.find((s) => s.key === 'whatsapp_use_templates')?.value).toBe('true');
  });

  it('defaults food calculation to the formula at 0.5 kg per person', () => {
    expect(FOOD_CALCULATION_DEFAULT).toEqual({
      calculationMethod: 'formula',
      formulaMultiplier: 0.5,
      manualAmount: null,
      isActive: true,
      description: 'حساب كمية الطعام المحفوظ',
    });
  });
});
