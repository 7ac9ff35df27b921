/** Number and date formatting for Arabic text with Western digits (decisions: numbers people copy). */
import { formatGregorianAr, formatHijriAr } from '@shared/arabic-date';
import { isValidDateString, riyadhDateString } from '@shared/time';

const numberFormat = new Intl.NumberFormat('ar-SA-u-nu-latn', { maximumFractionDigits: 0 });

/** Whole number with thousands separators and Western digits, for example 12,345. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A finite number from a server value that may arrive as a string; undefined otherwise. */
export function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

export interface DateParts {
  /** For example "5 مارس 2024م". */
  gregorian: string;
  /** For example "24 شعبان 1445هـ". */
  hijri: string;
}

/**
 * The Gregorian and Hijri (Umm al-Qura) forms of a date 'YYYY-MM-DD', or of a timestamp's day in Riyadh
 * (a report made at 01:00 in Yanbu is of that day, not of the UTC day before); undefined for other text.
 */
export function dateParts(value: string): DateParts | undefined {
  const trimmed = value.trim();
  const text = trimmed.length > 10 && !Number.isNaN(Date.parse(trimmed)) ? riyadhDateString(new Date(trimmed)) : trimmed;
  if (!isValidDateString(text)) return undefined;
  return { gregorian: formatGregorianAr(text), hijri: formatHijriAr(text) };
}
