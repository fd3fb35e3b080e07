import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import controlStyles from '../field/control.module.css';
import { Field, fieldDescribedBy } from '../field/field';
import styles from './select.module.css';

export interface SelectOption {
  value: string;
  text: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children' | 'multiple'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** First, empty choice shown while nothing is selected. */
  placeholder?: string;
  /** Options are being fetched: the control is busy and cannot be changed. */
  loading?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
}

/**
 * A styled native `<select>`: the platform's own picker is the most accessible one, and on phones
 * it opens the system wheel.
 */
export function Select({
  label,
  options,
  placeholder,
  loading = false,
  hint,
  error,
  id,
  disabled,
  required,
  className,
  ...rest
}: SelectProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <Field controlId={controlId} label={label} hint={hint} error={error} required={required}>
      <div className={styles.wrapper}>
        <select
          {...rest}
          id={controlId}
          required={required}
          disabled={disabled || loading}
          aria-busy={loading || undefined}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={fieldDescribedBy(controlId, { hint, error })}
          className={[controlStyles.control, styles.select, className].filter(Boolean).join(' ')}
        >
          {(placeholder !== undefined || loading) && (
            <option value="">{loading ? 'Загрузка…' : placeholder}</option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.text}
            </option>
          ))}
        </select>
        {loading ? (
          <span className={styles.spinner} aria-hidden="true" />
        ) : (
          <span className={styles.chevron} aria-hidden="true" />
        )}
      </div>
    </Field>
  );
}
