// Asia/Riyadh is UTC+3 all year (no daylight saving), so a fixed offset is exact.
export const RIYADH_TIME_ZONE = 'Asia/Riyadh';
export const RIYADH_OFFSET_MINUTES = 180;

const OFFSET_MS = RIYADH_OFFSET_MINUTES * 60_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function assertValidInstant(instant: Date): void {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw new RangeError('Invalid date');
}

function parseDateString(dateStr: string): { year: number; month: number; day: number } {
  if (!isValidDateString(dateStr)) throw new RangeError(`Invalid date string: ${dateStr}`);
  const [, y, m, d] = DATE_PATTERN.exec(dateStr) as RegExpExecArray;
  return { year: Number(y), month: Number(m), day: Number(d) };
}

function toDateString(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Number of days in a Gregorian month (month 1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isValidDateString(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = DATE_PATTERN.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** True for a 24-hour time 'HH:MM' (00-23, 00-59). */
export function isValidTime24(s: unknown): s is string {
  return typeof s === 'string' && TIME_PATTERN.test(s);
}

/** The Riyadh calendar date 'YYYY-MM-DD' of an instant. */
export function riyadhDateString(instant: Date): string {
  assertValidInstant(instant);
  const t = new Date(instant.getTime() + OFFSET_MS);
  return toDateString(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The Riyadh wall-clock time 'HH:MM' of an instant. */
export function riyadhTimeString(instant: Date): string {
  assertValidInstant(instant);
  const t = new Date(instant.getTime() + OFFSET_MS);
  return `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}

/** The Riyadh month 'YYYY-MM' of an instant (for monthly statistics). */
export function riyadhMonthString(instant: Date): string {
  return riyadhDateString(instant).slice(0, 7);
}

/** The UTC instant of a Riyadh wall time on a Riyadh date ('YYYY-MM-DD', 'HH:MM'; time defaults to midnight). */
export function riyadhInstant(dateStr: string, time = '00:00'): Date {
  const { year, month, day } = parseDateString(dateStr);
  const m = TIME_PATTERN.exec(time);
  if (!m) throw new RangeError(`Invalid time: ${time}`);
  return new Date(Date.UTC(year, month - 1, day, Number(m[1]), Number(m[2])) - OFFSET_MS);
}

/** Adds n months (n may be negative) to 'YYYY-MM-DD', clamping the day to the target month's last day. */
export function addMonthsToDateString(dateStr: string, n: number): string {
  const { year, month, day } = parseDateString(dateStr);
  if (!Number.isInteger(n)) throw new RangeError(`Months must be a whole number: ${n}`);
  const index = year * 12 + (month - 1) + n;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return toDateString(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Adds n days (n may be negative) to 'YYYY-MM-DD'. */
export function addDaysToDateString(dateStr: string, n: number): string {
  const { year, month, day } = parseDateString(dateStr);
  if (!Number.isInteger(n)) throw new RangeError(`Days must be a whole number: ${n}`);
  const t = new Date(Date.UTC(year, month - 1, day + n));
  return toDateString(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}
