import { describe, expect, it } from '@jest/globals';
import {
  capacityFromSetting,
  dateFullMessage,
  dateRange,
  isFull,
  mapsLink,
  monthOf,
  parseCapacity,
  readDateParam,
  weekOf,
} from './pickups';

describe('pickup rules shared by the server and both UIs', () => {
  it('reads a capacity as typed: whole numbers 1 to 1000 in any digits, empty for no limit', () => {
    expect(parseCapacity(12)).toBe(12);
    expect(parseCapacity('١٢')).toBe(12);
    expect(parseCapacity(' 7 ')).toBe(7);
    expect(parseCapacity('')).toBeNull();
    expect(parseCapacity(null)).toBeNull();
    expect(parseCapacity(undefined)).toBeNull();
    for (const bad of [0, -3, 1001, 2.5, 'خمسة', '1e3', true, {}]) expect(parseCapacity(bad)).toBeUndefined();
    // The stored text: anything unreadable is no limit rather than a refusal of every request.
    expect(capacityFromSetting('20')).toBe(20);
    expect(capacityFromSetting('')).toBeNull();
    expect(capacityFromSetting('garbage')).toBeNull();
    expect(capacityFromSetting(null)).toBeNull();
  });

  it('calls a date full only when a limit is set and reached', () => {
    expect(isFull(3, 3)).toBe(true);
    expect(isFull(4, 3)).toBe(true);
    expect(isFull(2, 3)).toBe(false);
    expect(isFull(500, null)).toBe(false);
  });

  it('writes the refusal with Gregorian dates in Arabic, and says when nothing is free', () => {
    expect(dateFullMessage('2026-07-01', '2026-07-02')).toBe('اكتمل جدول الاستلام في 1 يوليو 2026م، أقرب موعد متاح 2 يوليو 2026م');
    expect(dateFullMessage('2026-09-10', null)).toBe('اكتمل جدول الاستلام في 10 سبتمبر 2026م، ولا يوجد موعد متاح في الأشهر الستة القادمة');
  });

  it('counts weeks from Saturday and months by the calendar, across year ends', () => {
    expect(weekOf('2026-10-14')).toEqual({ from: '2026-10-10', to: '2026-10-16' }); // a Wednesday
    expect(weekOf('2026-10-10')).toEqual({ from: '2026-10-10', to: '2026-10-16' }); // Saturday itself
    expect(weekOf('2026-10-16')).toEqual({ from: '2026-10-10', to: '2026-10-16' }); // Friday
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-26', to: '2027-01-01' });
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(dateRange('2026-12-30', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('reads a date parameter: absent, valid, or not a date', () => {
    expect(readDateParam(undefined)).toBeUndefined();
    expect(readDateParam('')).toBeUndefined();
    expect(readDateParam('2026-03-10')).toBe('2026-03-10');
    expect(readDateParam('2026-02-30')).toBeNull();
    expect(readDateParam(['2026-03-10'])).toBeNull();
  });

  it('links to the maps app at the point, or searching the address when there is none', () => {
    expect(mapsLink({ latitude: 24.0912, longitude: 38.0634 }, 'قاعة')).toBe(
      'https://www.google.com/maps/search/?api=1&query=24.091200%2C38.063400',
    );
    expect(mapsLink({ latitude: null, longitude: null }, 'ينبع، حي الصريف')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('ينبع، حي الصريف')}`,
    );
  });
});
