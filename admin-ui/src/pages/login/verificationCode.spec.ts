import { describe, expect, it } from '@jest/globals';
import { isCompleteCode, normalizeCode } from './verificationCode';

describe('normalizeCode', () => {
  it('keeps digits only and stops at six', () => {
    expect(normalizeCode('12 34-56 78')).toBe('123456');
    expect(normalizeCode('abc')).toBe('');
  });

  it('turns Arabic-Indic and Persian digits into Western digits', () => {
    expect(normalizeCode('١٢٣٤٥٦')).toBe('123456');
    expect(normalizeCode('۷۸۹')).toBe('789');
  });
});

describe('isCompleteCode', () => {
  it('accepts exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });
});
