import { describe, expect, it } from '@jest/globals';
import { parseDisplayOrder } from './displayOrder';

describe('parseDisplayOrder', () => {
  it('reads Western, Arabic-Indic and Eastern Arabic-Indic digits', () => {
    expect(parseDisplayOrder('12')).toBe(12);
    expect(parseDisplayOrder('٣')).toBe(3);
    expect(parseDisplayOrder('١٢')).toBe(12);
    expect(parseDisplayOrder('۷')).toBe(7);
    expect(parseDisplayOrder('۱٢')).toBe(12);
    expect(parseDisplayOrder(' ٥ ')).toBe(5);
  });

  it('parses like parseInt and falls back to 0 when there is no number', () => {
    expect(parseDisplayOrder('٤ أولاً')).toBe(4);
    expect(parseDisplayOrder('-2')).toBe(-2);
    expect(parseDisplayOrder('')).toBe(0);
    expect(parseDisplayOrder('أول')).toBe(0);
  });
});
