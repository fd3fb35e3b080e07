import { useId, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import { DATE_MASK_PATTERN } from '@fed/validation';
import { PatternFormat } from 'react-number-format';
import controlStyles from '../field/control.module.css';
import { Field, fieldDescribedBy } from '../field/field';

const DATE_HINT = 'ДД.ММ.ГГГГ';

export interface DateInputProps {
  label: ReactNode;
  /** The typed date as `DD.MM.YYYY` (partly typed: with `_` in the gaps), or `''`. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
  name?: string;
  id?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}

/**
 * Date typed through the DD.MM.YYYY mask of spec §5. Whether it is a real date is the form's rule
 * (the validation lib's parser), not the input's: the input only shapes the typing.
 */
export function DateInput({
  label,
  value,
  onChange,
  onBlur,
  ref,
  name,
  id,
  hint,
  error,
  disabled,
  required,
}: DateInputProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const shownHint = hint ?? DATE_HINT;
  return (
    <Field controlId={controlId} label={label} hint={shownHint} error={error} required={required}>
      <PatternFormat
        id={controlId}
        name={name}
        inputMode="numeric"
        autoComplete="off"
        className={controlStyles.control}
        format={DATE_MASK_PATTERN}
        mask="_"
        placeholder={DATE_HINT}
        value={value}
        onValueChange={(values) => {
          const next = values.value === '' ? '' : values.formattedValue;
          if (next !== value) onChange(next);
        }}
        onBlur={onBlur}
        getInputRef={ref}
        disabled={disabled}
        required={required}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={fieldDescribedBy(controlId, { hint: shownHint, error })}
      />
    </Field>
  );
}
