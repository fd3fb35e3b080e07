import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { controlClassName, Field, fieldDescribedBy } from '../field/field';
import styles from './text-area.module.css';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  hint?: ReactNode;
  /** The error line under the field; marks the text area invalid. */
  error?: ReactNode;
}

/**
 * A labelled multi-line text field with the kit's hint and error line, drawn like every other control;
 * spreads native props, so `register()` of react-hook-form fits as is.
 */
export function TextArea({ label, hint, error, id, className, required, rows = 4, ...rest }: TextAreaProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <Field controlId={controlId} label={label} hint={hint} error={error} required={required}>
      <textarea
        rows={rows}
        {...rest}
        id={controlId}
        required={required}
        className={[controlClassName, styles.textArea, className].filter(Boolean).join(' ')}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={fieldDescribedBy(controlId, { hint, error })}
      />
    </Field>
  );
}
