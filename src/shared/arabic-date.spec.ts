import { describe, it, expect } from '@jest/globals';
import { formatDateTimeWithHijri, formatDateWithHijri, formatGregorianAr, formatHijriAr } from './arabic-date';

const NON_WESTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('formatGregorianAr', () => {
  it('prints the Gregorian date with Western digits and the م label', () => {
    const s = formatGregorianAr(new Date('2026-12-12T09:00:00Z'));
    expect(s).toBe('12 ديسمبر 2026م');
    expect(s).not.toMatch(NON_WESTERN_DIGITS);
  });

  it('uses the Riyadh date, not the UTC one', () => {
    expect(formatGregorianAr(new Date('2026-12-11T20:59:00Z'))).toBe('11 ديسمبر 2026م');
    expect(formatGregorianAr(new Date('2026-12-11T21:00:00Z'))).toBe('12 ديسمبر 2026م');
  });

  it('reads a YYYY-MM-DD string as that calendar day', () => {
    expect(formatGregorianAr('2026-03-01')).toBe('1 مارس 2026م');
  });

  it('rejects an invalid date', () => {
    expect(() => formatGregorianAr(new Date('nope'))).toThrow(RangeError);
    expect(() => formatGregorianAr('not a date')).toThrow(RangeError);
  });
});

describe('formatHijriAr', () => {
  it('prints the Umm al-Qura date (known anchors)', () => {
    expect(formatHijriAr('2024-03-11')).toBe('1 رمضان 1445هـ'); // first day of Ramadan 1445
    expect(formatHijriAr('2025-06-06')).toBe('10 ذو الحجة 1446هـ'); // Eid al-Adha 1446
    expect(formatHijriAr('2026-06-16')).toBe('1 محرم 1448هـ');
  });

  it('uses Western digits and the Hijri label, never a Gregorian month', () => {
    const s = formatHijriAr(new Date('2026-12-12T09:00:00Z'));
    expect(s).not.toMatch(NON_WESTERN_DIGITS);
    expect(s.endsWith('1448هـ')).toBe(true);
    expect(s).not.toContain('ديسمبر');
  });
});

describe('formatDateWithHijri', () => {
  it('puts the Hijri date beside the Gregorian one', () => {
    expect(formatDateWithHijri('2024-03-11')).toBe('11 مارس 2024م (1 رمضان 1445هـ)');
    expect(formatDateWithHijri(new Date('2026-12-12T09:00:00Z'))).toBe('12 ديسمبر 2026م (3 رجب 1448هـ)');
  });

  it('adds the Riyadh time for timestamps', () => {
    expect(formatDateTimeWithHijri(new Date('2024-03-11T11:05:00Z'))).toBe('11 مارس 2024م (1 رمضان 1445هـ) - 14:05');
  });
});
