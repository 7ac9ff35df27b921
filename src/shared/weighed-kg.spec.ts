import { describe, expect, it } from '@jest/globals';
import { parseWeighedKgInput, WEIGHED_KG_MESSAGES, weighedKgError } from './weighed-kg';

describe('the weighed kilograms rule (server and admin app)', () => {
  it.each([0, 35.5, 12.25, 100_000])('accepts %p', (kg) => expect(weighedKgError(kg)).toBeNull());

  it.each([
    [-1, WEIGHED_KG_MESSAGES.min],
    [100_000.01, WEIGHED_KG_MESSAGES.max],
    [1.234, WEIGHED_KG_MESSAGES.format],
    [Number.NaN, WEIGHED_KG_MESSAGES.format],
    ['12', WEIGHED_KG_MESSAGES.format],
  ])('refuses %p in Arabic', (kg, message) => expect(weighedKgError(kg)).toBe(message));

  it.each([
    ['٣٥٫٥', 35.5],
    ['35.5', 35.5],
    [' ۱۲۰ ', 120],
    ['40.50', 40.5],
    ['', null],
    ['   ', null],
  ])('reads %p as typed', (text, value) => expect(parseWeighedKgInput(text)).toEqual({ ok: true, value }));

  it.each([
    ['-3', WEIGHED_KG_MESSAGES.min],
    ['١٠٠٠٠٠٫٥', WEIGHED_KG_MESSAGES.max],
    ['1.234', WEIGHED_KG_MESSAGES.format],
    ['خمسة', WEIGHED_KG_MESSAGES.format],
    ['1,5', WEIGHED_KG_MESSAGES.format],
  ])('refuses %p with the same message as the server', (text, error) => expect(parseWeighedKgInput(text)).toEqual({ ok: false, error }));
});
