import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
// The day picker's Arabic locale: date-fns's names plus Arabic labels for its buttons and grid.
import { ar as arLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { EVENT_DATE_MAX_MONTHS_AHEAD } from '@shared/constants';
import { addMonthsToDateString, riyadhDateString } from '@shared/time';
import { ar } from '../../i18n/ar';
import { usePickupAvailability } from './availability';

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

/**
 * Arabic month calendar, week starting Saturday, Western digits, days outside the window disabled, and
 * days whose pickup schedule is full disabled, struck through and named so (with a note under the month).
 */
export default function Calendar({ value, onSelect }: CalendarProps) {
  const { first, last } = eventDateWindow();
  const firstDate = toLocalDate(first);
  const lastDate = toLocalDate(last);
  const selected = value ? toLocalDate(value) : undefined;
  const [month, setMonth] = useState<Date>(selected ?? firstDate);
  const availability = usePickupAvailability(month, first, last);
  const full = (availability.data ?? []).filter((d) => d.full).map((d) => toLocalDate(d.date));
  const baseLabel = arLocale.labels?.labelDayButton;
  return (
    <DayPicker
      month={month}
      onMonthChange={setMonth}
      modifiers={{ full }}
      modifiersClassNames={{ full: 'calendar__day--full' }}
      labels={{
        labelDayButton: (date, modifiers, options, dateLib) => {
          const label = typeof baseLabel === 'function' ? baseLabel(date, modifiers, options, dateLib) : date.toDateString();
          return modifiers.full ? `${label}، ${ar.requestForm.fields.dateFull}` : label;
        },
      }}
      footer={full.length ? <p className="calendar__note">{ar.requestForm.fields.fullDatesNote}</p> : undefined}
      mode="single"
      required={false}
      locale={arLocale}
      dir="rtl"
      weekStartsOn={6}
      numerals="latn"
      selected={selected}
      startMonth={firstDate}
      endMonth={lastDate}
      disabled={[{ before: firstDate }, { after: lastDate }, ...full]}
      onSelect={(date) => {
        if (date) onSelect(toDateString(date));
      }}
      autoFocus
      className="calendar"
    />
  );
}
