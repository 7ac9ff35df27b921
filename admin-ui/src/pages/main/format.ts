import { formatDateTimeWithHijri } from '@shared/arabic-date';

/** Gregorian date with the Hijri date and the Riyadh time, or null when the value is missing or unreadable. */
export function formatInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return formatDateTimeWithHijri(date);
}

let regionNames: Intl.DisplayNames | null | undefined;

/** Arabic name of a country from its ISO code (SA → المملكة العربية السعودية), else the given name. */
export function countryName(code: string | null | undefined, fallback?: string | null): string | null {
  if (code) {
    if (regionNames === undefined) {
      try {
        regionNames = new Intl.DisplayNames(['ar'], { type: 'region' });
      } catch {
        regionNames = null;
      }
    }
    try {
      const name = regionNames?.of(code.toUpperCase());
      if (name) return name;
    } catch {
      // an unknown code falls through
    }
  }
  return fallback || code || null;
}
