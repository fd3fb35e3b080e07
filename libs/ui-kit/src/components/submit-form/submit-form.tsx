import type { ComponentPropsWithRef, FormEvent, ReactNode } from 'react';
import { Button } from '../button/button';
import styles from './submit-form.module.css';

export interface SubmitFormProps extends Omit<ComponentPropsWithRef<'form'>, 'onSubmit'> {
  /** Called on the button or Enter, only while valid and not submitting; pass `handleSubmit(save)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The form's `formState.isValid` (a `useZodForm` form): the submit button is disabled while false. */
  isValid: boolean;
  /** react-hook-form's `formState.isSubmitting`: the submit button shows a spinner. */
  submitting?: boolean;
  submitText?: ReactNode;
  /** Shows a secondary button before the submit one. */
  onCancel?: () => void;
  cancelText?: ReactNode;
}

/**
 * A `<form>` with its own submit button. Enter in a field submits it through the browser's implicit
 * submission, which browsers skip while the submit button is disabled, so an invalid form never
 * goes out by Enter either. The browser's own validation bubbles are off: errors show under fields.
 */
export function SubmitForm({
  onSubmit,
  isValid,
  submitting = false,
  submitText = 'Отправить',
  onCancel,
  cancelText = 'Отмена',
  children,
  className,
  ...rest
}: SubmitFormProps) {
  return (
    <form
      {...rest}
      noValidate
      className={[styles.form, className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid || submitting) return;
        void onSubmit(event);
      }}
    >
      {children}
      <div className={styles.actions}>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            {cancelText}
          </Button>
        )}
        <Button type="submit" disabled={!isValid} loading={submitting}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
