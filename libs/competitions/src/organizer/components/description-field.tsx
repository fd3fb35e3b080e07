import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { Field, fieldDescribedBy } from '@fed/ui-kit';
import styles from './competition-form.module.css';

export interface DescriptionFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A labelled multi-line text field with the kit's hint and error line; `register()` fits as is. */
export function DescriptionField({
  label,
  hint,
  error,
  required,
  className,
  ...rest
}: DescriptionFieldProps) {
  const controlId = useId();
  return (
    <Field controlId={controlId} label={label} hint={hint} error={error} required={required}>
      <textarea
        rows={5}
        {...rest}
        id={controlId}
        required={required}
        className={[styles.textarea, className].filter(Boolean).join(' ')}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={fieldDescribedBy(controlId, { hint, error })}
      />
    </Field>
  );
}
