import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import controlStyles from '../field/control.module.css';
import { Field, fieldDescribedBy } from '../field/field';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  /** The error line under the field; marks the input invalid. */
  error?: ReactNode;
}

/** A labelled text input; spreads native props, so `register()` of react-hook-form fits as is. */
export function TextInput({ label, hint, error, id, className, required, ...rest }: TextInputProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <Field controlId={controlId} label={label} hint={hint} error={error} required={required}>
      <input
        type="text"
        {...rest}
        id={controlId}
        required={required}
        className={[controlStyles.control, className].filter(Boolean).join(' ')}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={fieldDescribedBy(controlId, { hint, error })}
      />
    </Field>
  );
}
