import { describe, expect, it } from '@jest/globals';
import { COUNTRY_CODES, isCountryCode } from './countries';

describe('COUNTRY_CODES', () => {
  it('lists the 249 assigned ISO 3166-1 alpha-2 codes once each, every one with an Arabic name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const names = new Intl.DisplayNames(['ar'], { type: 'region' });
    for (const code of COUNTRY_CODES) expect(names.of(code)).toMatch(/[\u0600-\u06FF]/);
  });

  it('knows upper-case codes only', () => {
    expect(isCountryCode('SA')).toBe(true);
    expect(isCountryCode('sa')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode(7)).toBe(false);
  });
});
