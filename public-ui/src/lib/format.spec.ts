import { describe, expect, it } from '@jest/globals';
import { dateParts } from './format';

describe('dateParts', () => {
  it('writes a date in both calendars', () => {
    expect(dateParts('2024-03-05')).toEqual({ gregorian: '5 مارس 2024م', hijri: '24 شعبان 1445هـ' });
  });

  it("takes a timestamp's day in Riyadh, not the UTC day", () => {
    // 22:30 UTC on 1 September is 01:30 on 2 September in Riyadh.
    expect(dateParts('2023-09-01T22:30:00Z')).toEqual({ gregorian: '2 سبتمبر 2023م', hijri: '17 صفر 1445هـ' });
    expect(dateParts('2023-09-01T06:00:00.000Z')?.gregorian).toBe('1 سبتمبر 2023م');
  });

  it('refuses text that is not a date', () => {
    expect(dateParts('غداً')).toBeUndefined();
    expect(dateParts('2023-02-30')).toBeUndefined();
  });
});
