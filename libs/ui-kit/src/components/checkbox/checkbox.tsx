import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FieldMessage, fieldDescribedBy } from '../field/field';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A native checkbox with its label beside it; the whole label is the hit area. */
export function Checkbox({ label, hint, error, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <label className={styles.row} htmlFor={controlId}>
        <input
          {...rest}
          id={controlId}
          type="checkbox"
          className={styles.input}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={fieldDescribedBy(controlId, { hint, error })}
        />
        <span>{label}</span>
      </label>
      <FieldMessage controlId={controlId} hint={hint} error={error} />
    </div>
  );
}
