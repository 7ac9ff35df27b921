import { describe, expect, it } from '@jest/globals';
import { foldArabic } from './arabic-fold';

describe('foldArabic', () => {
  it('compares the ways a word is commonly typed as one', () => {
    expect(foldArabic('الإمارات')).toBe(foldArabic('الامارات'));
    expect(foldArabic('آسيا')).toBe(foldArabic('اسيا'));
    expect(foldArabic('مُصْر')).toBe(foldArabic('مصر'));
    expect(foldArabic('الأردن')).toBe(foldArabic('الاردن'));
    expect(foldArabic('كوريا الجنوبية')).toBe(foldArabic('كوريا الجنوبيه'));
    expect(foldArabic('SA')).toBe('sa');
  });
});
