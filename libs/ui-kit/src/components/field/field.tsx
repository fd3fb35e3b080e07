import type { ReactNode } from 'react';
import styles from './field.module.css';

export interface FieldProps {
  /** id of the control the label points at; hint and error ids derive from it. */
  controlId: string;
  label?: ReactNode;
  hint?: ReactNode;
  /** The error line; when set it replaces the hint. */
  error?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

/** `aria-describedby` for a control inside a `Field`, matching the ids the field gives its lines. */
export function fieldDescribedBy(controlId: string, { hint, error }: Pick<FieldProps, 'hint' | 'error'>) {
  if (error) return `${controlId}-error`;
  if (hint) return `${controlId}-hint`;
  return undefined;
}

/**
 * Label, control and the line under it (hint, or the error in its place) for every form control,
 * so that all inputs look and announce the same way.
 */
export function Field({ controlId, label, hint, error, required, children }: FieldProps) {
  return (
    <div className={styles.field}>
      {label && (
        <label className={styles.label} htmlFor={controlId}>
          {label}
          {required && (
            <span className={styles.required} aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      )}
      {children}
      <FieldMessage controlId={controlId} hint={hint} error={error} />
    </div>
  );
}

/** The line under a control: the error when there is one, else the hint. */
export function FieldMessage({ controlId, hint, error }: Pick<FieldProps, 'controlId' | 'hint' | 'error'>) {
  if (error) {
    return (
      <p className={styles.error} id={`${controlId}-error`}>
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p className={styles.hint} id={`${controlId}-hint`}>
        {hint}
      </p>
    );
  }
  return null;
}
