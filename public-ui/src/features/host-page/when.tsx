import { formatGregorianAr, formatHijriAr } from '@shared/arabic-date';
import { riyadhDateString, riyadhTimeString } from '@shared/time';

/** An instant as the Riyadh date (Gregorian with the Hijri beside it) and the 24-hour time, kept left to right. */
export function When({ iso }: { iso: string }) {
  const instant = new Date(iso);
  const day = riyadhDateString(instant);
  return (
    <span className="when">
      <span className="nowrap">{formatGregorianAr(day)}</span> <span className="nowrap when__hijri">({formatHijriAr(day)})</span>{' '}
      <span className="nowrap">
        الساعة <bdi dir="ltr">{riyadhTimeString(instant)}</bdi>
      </span>
    </span>
  );
}

/** The same, as plain text (for sentences). */
export function whenText(iso: string): string {
  const instant = new Date(iso);
  const day = riyadhDateString(instant);
  return `${formatGregorianAr(day)} (${formatHijriAr(day)}) الساعة \u2066${riyadhTimeString(instant)}\u2069`;
}
