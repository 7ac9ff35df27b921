import { describe, it, expect } from '@jest/globals';
import {
  EVENT_DATE_MAX_MONTHS_AHEAD,
  FOOD_FORMULA_MULTIPLIER_DEFAULT,
  FOOD_SETTINGS_REFETCH_INTERVAL_MS,
  gpsAccuracyLevel,
  LENGTH_LIMITS,
  MAX_ACTIVE_REQUESTS,
  MIN_ATTENDEES,
  QUICK_MESSAGE_MAX_LENGTH,
  QUICK_MESSAGE_MIN_LENGTH,
  SESSION_RECHECK_INTERVAL_MS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_TRIES,
  VERIFICATION_CODE_VALIDITY_MINUTES,
} from './constants';

describe('business constants', () => {
  it('holds the spec values', () => {
    expect(MIN_ATTENDEES).toBe(10);
    expect(MAX_ACTIVE_REQUESTS).toBe(2);
    expect(EVENT_DATE_MAX_MONTHS_AHEAD).toBe(6);
    expect([QUICK_MESSAGE_MIN_LENGTH, QUICK_MESSAGE_MAX_LENGTH]).toEqual([5, 500]);
    expect(FOOD_FORMULA_MULTIPLIER_DEFAULT).toBe(0.5);
    expect([VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_VALIDITY_MINUTES, VERIFICATION_CODE_MAX_TRIES]).toEqual([6, 5, 5]);
    expect(LENGTH_LIMITS.quickMessage).toBe(QUICK_MESSAGE_MAX_LENGTH);
    expect(LENGTH_LIMITS.email).toBe(254);
    // Admin spec section 9: the session is re-checked, and the food settings refetched, every 30 seconds.
    expect(SESSION_RECHECK_INTERVAL_MS).toBe(30_000);
    expect(FOOD_SETTINGS_REFETCH_INTERVAL_MS).toBe(30_000);
  });

  it('labels GPS accuracy at the 10 m and 50 m thresholds', () => {
    expect(gpsAccuracyLevel(5)).toBe('high');
    expect(gpsAccuracyLevel(9.99)).toBe('high');
    expect(gpsAccuracyLevel(10)).toBe('medium');
    expect(gpsAccuracyLevel(49)).toBe('medium');
    expect(gpsAccuracyLevel(50)).toBe('low');
    expect(gpsAccuracyLevel(500)).toBe('low');
  });
});
