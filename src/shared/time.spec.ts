import { describe, it, expect } from '@jest/globals';
import {
  addDaysToDateString,
  addMonthsToDateString,
  daysInMonth,
  isValidDateString,
  isValidTime24,
  RIYADH_OFFSET_MINUTES,
  riyadhDateString,
  riyadhInstant,
  riyadhMonthString,
  riyadhTimeString,
} from './time';

describe('Riyadh date and time of an instant', () => {
  it('is three hours ahead of UTC', () => {
    expect(RIYADH_OFFSET_MINUTES).toBe(180);
  });

  it('changes date at 21:00 UTC (midnight in Riyadh)', () => {
    expect(riyadhDateString(new Date('2026-05-10T20:59:00Z'))).toBe('2026-05-10');
    expect(riyadhTimeString(new Date('2026-05-10T20:59:00Z'))).toBe('23:59');
    expect(riyadhDateString(new Date('2026-05-10T21:00:00Z'))).toBe('2026-05-11');
    expect(riyadhTimeString(new Date('2026-05-10T21:00:00Z'))).toBe('00:00');
  });

  it('crosses month and year ends', () => {
    expect(riyadhDateString(new Date('2026-12-31T21:30:00Z'))).toBe('2027-01-01');
    expect(riyadhMonthString(new Date('2026-12-31T21:30:00Z'))).toBe('2027-01');
    expect(riyadhMonthString(new Date('2026-12-31T20:30:00Z'))).toBe('2026-12');
  });

  it('throws on an invalid Date', () => {
    expect(() => riyadhDateString(new Date('nope'))).toThrow(RangeError);
    expect(() => riyadhTimeString(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('riyadhInstant', () => {
  it('gives the UTC instant of a Riyadh wall time', () => {
    expect(riyadhInstant('2026-05-11', '00:00').toISOString()).toBe('2026-05-10T21:00:00.000Z');
    expect(riyadhInstant('2026-05-11', '14:30').toISOString()).toBe('2026-05-11T11:30:00.000Z');
    expect(riyadhInstant('2026-05-11').toISOString()).toBe('2026-05-10T21:00:00.000Z');
  });

  it('round-trips with riyadhDateString and riyadhTimeString', () => {
    const instant = riyadhInstant('2027-02-28', '23:45');
    expect(riyadhDateString(instant)).toBe('2027-02-28');
    expect(riyadhTimeString(instant)).toBe('23:45');
  });

  it('rejects invalid input', () => {
    expect(() => riyadhInstant('2026-02-30', '10:00')).toThrow(RangeError);
    expect(() => riyadhInstant('2026-02-10', '24:00')).toThrow(RangeError);
  });
});

describe('addMonthsToDateString', () => {
  it('clamps the day to the end of the month', () => {
    expect(addMonthsToDateString('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonthsToDateString('2027-08-31', 6)).toBe('2028-02-29'); // leap year
    expect(addMonthsToDateString('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDateString('2026-03-31', 1)).toBe('2026-04-30');
  });

  it('keeps the day when it exists and crosses years', () => {
    expect(addMonthsToDateString('2026-05-10', 6)).toBe('2026-11-10');
    expect(addMonthsToDateString('2026-09-15', 6)).toBe('2027-03-15');
    expect(addMonthsToDateString('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('goes backwards with a negative count', () => {
    expect(addMonthsToDateString('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsToDateString('2026-01-15', -13)).toBe('2024-12-15');
  });

  it('rejects invalid input', () => {
    expect(() => addMonthsToDateString('2026-13-01', 1)).toThrow(RangeError);
    expect(() => addMonthsToDateString('2026-01-01', 1.5)).toThrow(RangeError);
  });
});

describe('addDaysToDateString', () => {
  it('adds and subtracts days across month ends', () => {
    expect(addDaysToDateString('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDaysToDateString('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDateString('2027-01-01', -1)).toBe('2026-12-31');
  });
});

describe('validators', () => {
  it('validates date strings', () => {
    expect(isValidDateString('2026-05-10')).toBe(true);
    expect(isValidDateString('2028-02-29')).toBe(true);
    expect(isValidDateString('2026-02-29')).toBe(false);
    expect(isValidDateString('2026-04-31')).toBe(false);
    expect(isValidDateString('2026-00-10')).toBe(false);
    expect(isValidDateString('2026-5-10')).toBe(false);
    expect(isValidDateString('10/05/2026')).toBe(false);
    expect(isValidDateString('2026-05-10T00:00:00Z')).toBe(false);
    expect(isValidDateString(20260510)).toBe(false);
  });

  it('validates 24-hour times', () => {
    for (const ok of ['00:00', '09:05', '12:30', '23:59']) expect(isValidTime24(ok)).toBe(true);
    for (const bad of ['24:00', '23:60', '9:05', '09:5', '09:05:00', '12:30 PM', '', '١٢:٣٠']) {
      expect(isValidTime24(bad)).toBe(false);
    }
  });

  it('knows month lengths', () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
});
