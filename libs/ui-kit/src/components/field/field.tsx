import type { ReactNode } from 'react';
import controlStyles from './control.module.css';
import styles from './field.module.css';

/**
 * The look every text-like control shares, for a control the kit has no component for (a button that opens
 * a picker and shows its value).
 */
export const controlClassName: string = controlStyles.control ?? '';

export interface FieldProps {
  /** id of the control the label points at; hint and error ids derive from it. */
  controlId: string;
  label?: ReactNode;
  /**
   * For a control named by `aria-labelledby` (a button that opens a picker and shows its value): the label is
   * then text with this id, not a `<label for>`, which would take the place of the control's own words.
   */
  labelId?: string;
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
export function Field({ controlId, label, labelId, hint, error, required, children }: FieldProps) {
  return (
    <div className={styles.field}>
      {label && labelId && (
        <span className={styles.label} id={labelId}>
          {label}
          {required && <RequiredMark />}
        </span>
      )}
      {label && !labelId && (
        <label className={styles.label} htmlFor={controlId}>
          {label}
          {required && <RequiredMark />}
        </label>
      )}
      {children}
      <FieldMessage controlId={controlId} hint={hint} error={error} />
    </div>
  );
}

function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      {' *'}
    </span>
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
