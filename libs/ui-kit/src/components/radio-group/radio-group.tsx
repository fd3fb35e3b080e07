import { useId, type FocusEventHandler, type ReactNode } from 'react';
import fieldStyles from '../field/field.module.css';
import { FieldMessage, fieldDescribedBy } from '../field/field';
import styles from './radio-group.module.css';

export interface RadioOption {
  value: string;
  text: string;
  disabled?: boolean;
}

export interface RadioGroupProps {
  label: ReactNode;
  name: string;
  options: readonly RadioOption[];
  /** Controlled: the chosen option's value, `undefined` while none is chosen. */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Options side by side (default) or one per line. */
  orientation?: 'horizontal' | 'vertical';
}

/** Native radios in a fieldset: arrow keys move between options as the platform does. */
export function RadioGroup({
  label,
  name,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
  disabled,
  required,
  orientation = 'horizontal',
}: RadioGroupProps) {
  const groupId = useId();
  const describedBy = fieldDescribedBy(groupId, { hint, error });
  return (
    <fieldset
      className={styles.group}
      disabled={disabled}
      aria-invalid={Boolean(error) || undefined}
      aria-describedby={describedBy}
    >
      <legend className={fieldStyles.label}>
        {label}
        {required && (
          <span className={fieldStyles.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </legend>
      <div className={[styles.options, styles[orientation]].join(' ')}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              required={required}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
              // The radio is what a keyboard reaches, and not every screen reader reads a group's description
              // on the way in: each option says the error too.
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={describedBy}
            />
            <span>{option.text}</span>
          </label>
        ))}
      </div>
      <FieldMessage controlId={groupId} hint={hint} error={error} />
    </fieldset>
  );
}
