import { dateParts } from '../lib/format';

/** A date as the Gregorian date with the Hijri date beside it; text that is not a date shows as it is. */
export function DateWithHijri({ value }: { value: string }) {
  const parts = dateParts(value);
  if (!parts) return <>{value}</>;
  return (
    <span className="date-hijri">
      <span className="nowrap">{parts.gregorian}</span> <span className="nowrap date-hijri__hijri">({parts.hijri})</span>
    </span>
  );
}
