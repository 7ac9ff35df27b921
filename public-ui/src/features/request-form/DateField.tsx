import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { dateParts } from '../../lib/format';
import { Spinner } from '../../components/Spinner';
import { describedBy, Field } from './Field';
import { fieldId } from './form-state';

// The calendar (react-day-picker and its Arabic locale) downloads only when the visitor opens it.
const Calendar = lazy(() => import('./Calendar'));

interface DateFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/** The event date: a button that opens the Arabic calendar (week from Saturday, today to six months). */
export function DateField({ value, onChange, error, disabled }: DateFieldProps) {
  const t = ar.requestForm.fields;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const parts = value ? dateParts(value) : undefined;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <Field name="eventDate" label={t.eventDate} required hint={t.dateHint} error={error} asGroup>
      <div className="date-field">
        <button
          ref={buttonRef}
          type="button"
          id={fieldId('eventDate')}
          className={`control control--button${value ? '' : ' control--placeholder'}`}
          aria-labelledby={`${fieldId('eventDate')}-label ${fieldId('eventDate')}`}
          aria-describedby={describedBy('eventDate', true, error)}
          aria-expanded={open}
          aria-haspopup="dialog"
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          onClick={() => setOpen((o) => !o)}
        >
          <CalendarDays size={20} aria-hidden="true" />
          {parts ? (
            <span className="date-field__value">
              <span>{parts.gregorian}</span>
              <span className="date-field__hijri">{parts.hijri}</span>
            </span>
          ) : (
            <span>{t.chooseDate}</span>
          )}
        </button>
        {open ? (
          <div ref={panelRef} className="date-field__panel" role="dialog" aria-label={t.calendarLabel}>
            <Suspense fallback={<Spinner size="sm" label={ar.common.loading} />}>
              <Calendar
                value={value}
                onSelect={(next) => {
                  onChange(next);
                  setOpen(false);
                  buttonRef.current?.focus();
                }}
              />
            </Suspense>
          </div>
        ) : null}
      </div>
    </Field>
  );
}
