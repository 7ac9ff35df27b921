import { DayPicker } from 'react-day-picker';
// The day picker's Arabic locale: date-fns's names plus Arabic labels for its buttons and grid.
import { ar as arLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { EVENT_DATE_MAX_MONTHS_AHEAD } from '@shared/constants';
import { addMonthsToDateString, riyadhDateString } from '@shared/time';

/** 'YYYY-MM-DD' to a local Date at midnight (the calendar works in calendar days). */
function toLocalDate(value: string): Date {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

function toDateString(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The selectable window: today in Asia/Riyadh to six months ahead. */
export function eventDateWindow(now = new Date()): { first: string; last: string } {
  const first = riyadhDateString(now);
  return { first, last: addMonthsToDateString(first, EVENT_DATE_MAX_MONTHS_AHEAD) };
}

interface CalendarProps {
  value: string;
  onSelect: (value: string) => void;
}

/** Arabic month calendar, week starting Saturday, Western digits, days outside the window disabled. */
export default function Calendar({ value, onSelect }: CalendarProps) {
  const { first, last } = eventDateWindow();
  const firstDate = toLocalDate(first);
  const lastDate = toLocalDate(last);
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
      defaultMonth={selected ?? firstDate}
      startMonth={firstDate}
      endMonth={lastDate}
      disabled={[{ before: firstDate }, { after: lastDate }]}
      onSelect={(date) => {
        if (date) onSelect(toDateString(date));
      }}
      autoFocus
      className="calendar"
    />
  );
}
