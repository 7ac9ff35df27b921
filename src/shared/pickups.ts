// The dispatcher's day and the daily pickup capacity (decisions.md "Beyond the spec": pickup capacity,
// the dispatcher's day, dashboard order): rules the server, the admin and the public form share.
import { formatGregorianAr } from './arabic-date';
import { parseIntegerInput } from './digits';
import { addDaysToDateString, isValidDateString } from './time';

/** Days the dispatcher's strip shows (today and the next 13 by default). */
export const PICKUP_STRIP_DAYS = 14;
/** Most days one public availability call may ask for. */
export const AVAILABILITY_MAX_DAYS = 60;
/** Largest capacity an administrator may set (a sanity bound, far above a day's real work). */
export const PICKUP_CAPACITY_MAX = 1000;
/** The week of the dashboard's figures starts on Saturday, like the form's calendar. */
export const WEEK_STARTS_ON = 6;

export const PICKUP_MESSAGES = {
  capacity: `الحد الأقصى للاستلامات في اليوم يجب أن يكون رقماً صحيحاً من 1 إلى ${PICKUP_CAPACITY_MAX}، أو فارغاً لعدم التقييد`,
  date: 'التاريخ يجب أن يكون بالشكل YYYY-MM-DD',
  days: `عدد الأيام يجب أن يكون رقماً صحيحاً من 1 إلى ${AVAILABILITY_MAX_DAYS}`,
} as const;

/** POST /api/requests for a full date (409 DATE_FULL); `next` is null when no date is free in the form's window. */
export function dateFullMessage(date: string, next: string | null): string {
  const head = `اكتمل جدول الاستلام في ${formatGregorianAr(date)}`;
  return next ? `${head}، أقرب موعد متاح ${formatGregorianAr(next)}` : `${head}، ولا يوجد موعد متاح في الأشهر الستة القادمة`;
}

/**
 * A capacity as typed (number, digits in any script, empty for no limit): the number, null for no
 * limit, or undefined when it is not one.
 */
export function parseCapacity(input: unknown): number | null | undefined {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return null;
  if (typeof input !== 'number' && typeof input !== 'string') return undefined;
  const value = parseIntegerInput(input);
  return value !== null && value >= 1 && value <= PICKUP_CAPACITY_MAX ? value : undefined;
}

/** The stored setting (text) as a capacity; anything unreadable means no limit. */
export function capacityFromSetting(value: string | null | undefined): number | null {
  const parsed = parseCapacity(value ?? null);
  return parsed ?? null;
}

/** A date is full when a capacity is set and the date's pickups (not cancelled) reach it. */
export function isFull(count: number, capacity: number | null): boolean {
  return capacity !== null && count >= capacity;
}

/** `days` consecutive dates from `from`. */
export function dateRange(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDaysToDateString(from, i));
}

/** 0 = Sunday … 6 = Saturday, for a calendar date. */
export function dayOfWeek(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The first and last day of the week (Saturday to Friday) holding `date`. */
export function weekOf(date: string): { from: string; to: string } {
  const back = (dayOfWeek(date) - WEEK_STARTS_ON + 7) % 7;
  const from = addDaysToDateString(date, -back);
  return { from, to: addDaysToDateString(from, 6) };
}

/** The first and last day of the month holding `date`. */
export function monthOf(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 8)}01`;
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from, to: `${date.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

/** A calendar date given as a query parameter, or undefined when absent; throws nothing (callers answer 400). */
export function readDateParam(value: unknown): string | null | undefined {
  if (value === undefined || value === '') return undefined;
  return isValidDateString(value) ? value : null;
}

/**
 * A link that opens the phone's maps app at the point (or searching the address when there is none):
 * Google's documented cross-platform Maps URL, which the Android and iOS apps take over.
 */
export function mapsLink(point: { latitude: number | null; longitude: number | null }, address: string): string {
  const query =
    point.latitude !== null && point.longitude !== null ? `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}` : address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
