import type { ReactNode } from 'react';
import { ar } from '../../i18n/ar';
import { fieldId } from './form-state';

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  /** A label that does not point at one control (a group of radios, the date button). */
  asGroup?: boolean;
  className?: string;
}

export const hintId = (name: string) => `${fieldId(name)}-hint`;
export const errorId = (name: string) => `${fieldId(name)}-error`;

/** aria-describedby for a control: its hint and its error, when shown. */
export function describedBy(name: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? hintId(name) : '', error ? errorId(name) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A labelled form row: label, control, hint, and the error under it. */
export function Field({ name, label, required, hint, error, children, asGroup, className }: FieldProps) {
  const labelContent = (
    <>
      {label}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : (
        <span className="field__optional"> {ar.requestForm.optional}</span>
      )}
    </>
  );
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      {asGroup ? (
        <span className="field__label" id={`${fieldId(name)}-label`}>
          {labelContent}
        </span>
      ) : (
        <label className="field__label" htmlFor={fieldId(name)}>
          {labelContent}
        </label>
      )}
      {children}
      {hint ? (
        <p className="field__hint" id={hintId(name)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId(name)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
