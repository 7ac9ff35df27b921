import { describe, it, expect } from '@jest/globals';
import { parseIntegerInput, toWesternDigits } from './digits';

describe('toWesternDigits', () => {
  it('converts Arabic-Indic digits', () => {
    expect(toWesternDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  });

  it('converts Eastern Arabic-Indic (Persian) digits', () => {
    expect(toWesternDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('leaves Western digits, letters and punctuation alone', () => {
    expect(toWesternDigits('طلب رقم #١٠٢٤ - 55 abc')).toBe('طلب رقم #1024 - 55 abc');
    expect(toWesternDigits('')).toBe('');
  });

  it('handles a mixed phone number', () => {
    expect(toWesternDigits('٠٥۵١٢3٤٥٦٧٨')).toBe('05512345678');
  });
});

describe('parseIntegerInput', () => {
  it('parses numbers typed in any digit set', () => {
    expect(parseIntegerInput('١٥٠')).toBe(150);
    expect(parseIntegerInput('۲۵')).toBe(25);
    expect(parseIntegerInput(' 1,200 ')).toBe(1200);
    expect(parseIntegerInput('١٬٥٠٠')).toBe(1500);
    expect(parseIntegerInput(42)).toBe(42);
  });

  it('rejects what is not a whole non-negative number', () => {
    expect(parseIntegerInput('')).toBeNull();
    expect(parseIntegerInput('12.5')).toBeNull();
    expect(parseIntegerInput('-3')).toBeNull();
    expect(parseIntegerInput('abc')).toBeNull();
    expect(parseIntegerInput(1.5)).toBeNull();
    expect(parseIntegerInput(null)).toBeNull();
    expect(parseIntegerInput('99999999999999999999')).toBeNull();
  });
});
