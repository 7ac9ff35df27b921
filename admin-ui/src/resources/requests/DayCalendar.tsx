import { DayPicker } from 'react-day-picker';
// The day picker's Arabic locale: date-fns's names plus Arabic labels for its buttons and grid.
import { ar as arLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { riyadhDateString } from '@shared/time';

/** 'YYYY-MM-DD' to a local Date at midnight (the calendar works in calendar days). */
const toLocalDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const toDateString = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Arabic month calendar (week from Saturday, Western digits), opened at the chosen day or today in Riyadh. */
export default function DayCalendar({ value, onSelect }: { value: string; onSelect: (value: string) => void }) {
  const selected = value ? toLocalDate(value) : undefined;
  return (
    <DayPicker
      mode="single"
      required={false}
      locale={arLocale}
      dir="rtl"
      weekStartsOn={6}
      numerals="latn"
      selected={selected}
      defaultMonth={selected ?? toLocalDate(riyadhDateString(new Date()))}
      onSelect={(date) => date && onSelect(toDateString(date))}
      autoFocus
    />
  );
}
