// The date and time rules of the public request form, in Asia/Riyadh.
import { EVENT_DATE_MAX_MONTHS_AHEAD, SAME_DAY_MIN_LEAD_MINUTES } from './constants';
import { toWesternDigits } from './digits';
import { addMonthsToDateString, isValidTime24, riyadhDateString, riyadhInstant } from './time';

/** The earliest and latest selectable event dates in Riyadh: today to six months ahead. */
export function eventDateWindow(now: Date): { min: string; max: string } {
  const today = riyadhDateString(now);
  return { min: today, max: addMonthsToDateString(today, EVENT_DATE_MAX_MONTHS_AHEAD) };
}

/** Same-day rule: on today's Riyadh date the end time must be at least one hour from now. */
export function endTimeTooSoon(eventDate: string, endTime: string, now: Date): boolean {
  if (eventDate !== riyadhDateString(now)) return false;
  return riyadhInstant(eventDate, endTime).getTime() < now.getTime() + SAME_DAY_MIN_LEAD_MINUTES * 60_000;
}

/** Normalises a typed time ('9:30', '٠٩:٣٠') to 'HH:MM'; null when it is not a 24-hour time. */
export function normalizeTime24(input: string): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(toWesternDigits(input.trim()));
  if (!m) return null;
  const time = `${m[1].padStart(2, '0')}:${m[2]}`;
  return isValidTime24(time) ? time : null;
}
