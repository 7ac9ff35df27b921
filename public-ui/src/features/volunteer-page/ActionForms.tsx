import { useId, useState, type FormEvent } from 'react';
import { COLLECTION_CHECK_LABELS, COLLECTION_CHECKS, NOT_COLLECTED_REASON_LABELS, NOT_COLLECTED_REASONS } from '@shared/volunteer';
import type { CollectedInput, NotCollectedInput } from './api';
import { checkCollectedForm, checkNotCollectedForm, NO_ANSWERS, NOT_COLLECTED_NOTE_MAX, type CheckAnswers } from './form';
import { texts } from './texts';

interface FormProps<T> {
  requestId: number;
  pending: boolean;
  /** Field name to Arabic message (the form's own check, or the server's 400). */
  errors: Record<string, string>;
  onSubmit: (body: T) => void;
  onErrors: (errors: Record<string, string>) => void;
  onBack: () => void;
}

/** The errors without the one a change of this field answers. */
function without(errors: Record<string, string>, field: string): Record<string, string> {
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

/** Moves focus to the first field the errors name (after the render that shows them). */
function focusFirstError(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="vform__error">
      {message}
    </p>
  ) : null;
}

/** «تم الاستلام من المناسبة»: the weighed kilograms (required, the shared rule) and the three food-safety checks. */
export function CollectedForm({ requestId, pending, errors, onSubmit, onErrors, onBack }: FormProps<CollectedInput>) {
  const [kg, setKg] = useState('');
  const [answers, setAnswers] = useState<CheckAnswers>(NO_ANSWERS);
  const firstUnanswered = COLLECTION_CHECKS.find((c) => answers[c] === null);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkCollectedForm(kg, answers);
    if (checked.ok) onSubmit(checked.value);
    else {
      onErrors(checked.errors);
      focusFirstError(event.currentTarget);
    }
  };
  return (
    <form className="vform" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="vform__title">
        {texts.collectedHeading} <bdi dir="ltr">#{requestId}</bdi>
      </h4>
      <div className="vform__field">
        <label htmlFor={`${id}-kg`} className="vform__label">
          {texts.kgLabel}
        </label>
        <p id={`${id}-kg-hint`} className="vform__hint">
          {texts.kgHint}
        </p>
        <input
          id={`${id}-kg`}
          className="vform__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          value={kg}
          onChange={(e) => {
            setKg(e.target.value);
            if (errors.weighedKg) onErrors(without(errors, 'weighedKg'));
          }}
          aria-invalid={errors.weighedKg ? true : undefined}
          aria-describedby={`${id}-kg-hint${errors.weighedKg ? ` ${id}-kg-error` : ''}`}
        />
        <FieldError id={`${id}-kg-error`} message={errors.weighedKg} />
      </div>
      <fieldset className="vform__group" aria-describedby={errors.checks ? `${id}-checks-error` : undefined}>
        <legend className="vform__label">{texts.checksHeading}</legend>
        {COLLECTION_CHECKS.map((check) => (
          <fieldset key={check} className="vcheck">
            <legend className="vcheck__label">{COLLECTION_CHECK_LABELS[check]}</legend>
            <div className="vcheck__choices">
              {([true, false] as const).map((value) => (
                <label key={String(value)} className="vcheck__choice">
                  <input
                    type="radio"
                    name={`${id}-${check}`}
                    checked={answers[check] === value}
                    onChange={() => {
                      const next = { ...answers, [check]: value };
                      setAnswers(next);
                      if (errors.checks && COLLECTION_CHECKS.every((c) => next[c] !== null)) onErrors(without(errors, 'checks'));
                    }}
                    // The first unanswered check's «نعم» takes the focus an error sends.
                    aria-invalid={errors.checks && check === firstUnanswered && value ? true : undefined}
                  />
                  <span>{value ? texts.yes : texts.no}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <FieldError id={`${id}-checks-error`} message={errors.checks} />
      </fieldset>
      <div className="vform__actions">
        <button type="submit" className="button button--primary button--lg" disabled={pending}>
          {pending ? texts.sending : texts.confirmCollected}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={pending}>
          {texts.back}
        </button>
      </div>
    </form>
  );
}

/** «لم يتم الاستلام»: the reason from the list, and an optional note (500 characters at most). */
export function NotCollectedForm({ requestId, pending, errors, onSubmit, onErrors, onBack }: FormProps<NotCollectedInput>) {
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkNotCollectedForm(reason, note);
    if (checked.ok) onSubmit(checked.value);
    else {
      onErrors(checked.errors);
      focusFirstError(event.currentTarget);
    }
  };
  return (
    <form className="vform" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="vform__title">
        {texts.notCollected} <bdi dir="ltr">#{requestId}</bdi>
      </h4>
      <fieldset className="vform__group" aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="vform__label">{texts.notCollectedHeading}</legend>
        <div className="vreasons">
          {NOT_COLLECTED_REASONS.map((value, index) => (
            <label key={value} className="vreason">
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  if (errors.reason) onErrors(without(errors, 'reason'));
                }}
                aria-invalid={errors.reason && index === 0 ? true : undefined}
              />
              <span>{NOT_COLLECTED_REASON_LABELS[value]}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-reason-error`} message={errors.reason} />
      </fieldset>
      <div className="vform__field">
        <label htmlFor={`${id}-note`} className="vform__label">
          {texts.noteLabel}
        </label>
        <textarea
          id={`${id}-note`}
          className="vform__input vform__note"
          rows={3}
          maxLength={NOT_COLLECTED_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={`${id}-note-count${errors.note ? ` ${id}-note-error` : ''}`}
        />
        <p id={`${id}-note-count`} className="vform__hint">
          {texts.noteCount(note.length, NOT_COLLECTED_NOTE_MAX)}
        </p>
        <FieldError id={`${id}-note-error`} message={errors.note} />
      </div>
      <div className="vform__actions">
        <button type="submit" className="button button--danger button--lg" disabled={pending}>
          {pending ? texts.sending : texts.confirmNotCollected}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={pending}>
          {texts.back}
        </button>
      </div>
    </form>
  );
}
