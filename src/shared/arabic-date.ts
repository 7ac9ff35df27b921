import { toWesternDigits } from './digits';
import { isValidDateString, riyadhInstant, riyadhTimeString, RIYADH_TIME_ZONE } from './time';

// Bare 'ar-SA' defaults to the Umm al-Qura calendar, so the calendar is always named explicitly.
export const GREGORIAN_LOCALE = 'ar-SA-u-ca-gregory-nu-latn';
export const HIJRI_LOCALE = 'ar-SA-u-ca-islamic-umalqura-nu-latn';
export const GREGORIAN_SUFFIX = 'م';
export const HIJRI_SUFFIX = 'هـ';

/** A Date, or a calendar date 'YYYY-MM-DD' read as that day in Riyadh. */
export type DateInput = Date | string;

const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string): Intl.DateTimeFormat {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: RIYADH_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
    formatters.set(locale, f);
  }
  return f;
}

function toInstant(date: DateInput): Date {
  // Noon keeps a calendar date on the same day whatever the formatter does.
  const instant = typeof date === 'string' ? (isValidDateString(date) ? riyadhInstant(date, '12:00') : new Date(date)) : date;
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw new RangeError('Invalid date');
  return instant;
}

function dayMonthYear(locale: string, date: DateInput): string {
  const parts = formatter(locale).formatToParts(toInstant(date));
  const pick = (type: Intl.DateTimeFormatPartTypes): string =>
    toWesternDigits(parts.find((p) => p.type === type)?.value ?? '')
      .replace(BIDI_MARKS, '')
      .trim();
  return `${pick('day')} ${pick('month')} ${pick('year')}`;
}

/** Gregorian date in Arabic with Western digits, Riyadh time: '12 ديسمبر 2026م'. */
export function formatGregorianAr(date: DateInput): string {
  return `${dayMonthYear(GREGORIAN_LOCALE, date)}${GREGORIAN_SUFFIX}`;
}

/** Hijri (Umm al-Qura) date in Arabic with Western digits, Riyadh time: '3 رجب 1448هـ'. */
export function formatHijriAr(date: DateInput): string {
  return `${dayMonthYear(HIJRI_LOCALE, date)}${HIJRI_SUFFIX}`;
}

/** Calendar dates already formatted (a few hundred distinct dates are in use at any time). */
const formattedDates = new Map<string, string>();
const FORMATTED_DATES_MAX = 1000;

/** Gregorian date with the Hijri date beside it: '12 ديسمبر 2026م (3 رجب 1448هـ)'. */
export function formatDateWithHijri(date: DateInput): string {
  // Intl's formatToParts is slow; calendar-date strings repeat, so their text is kept.
  if (typeof date === 'string') {
    const known = formattedDates.get(date);
    if (known !== undefined) return known;
  }
  const text = `${formatGregorianAr(date)} (${formatHijriAr(date)})`;
  if (typeof date === 'string' && isValidDateString(date)) {
    if (formattedDates.size >= FORMATTED_DATES_MAX) formattedDates.clear();
    formattedDates.set(date, text);
  }
  return text;
}

/** Date with Hijri and the Riyadh 24-hour time, for admin timestamps: '12 ديسمبر 2026م (3 رجب 1448هـ) - 14:05'. */
export function formatDateTimeWithHijri(instant: Date): string {
  return `${formatDateWithHijri(instant)} - ${riyadhTimeString(toInstant(instant))}`;
}
