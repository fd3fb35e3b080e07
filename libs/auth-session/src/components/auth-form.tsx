import type { ReactNode } from 'react';
import { SubmitForm } from '@fed/ui-kit';
import styles from './auth-card.module.css';

// Apart from the card: the sign-in's island sits in the card with a form of its own, without the kit's SubmitForm.

export interface AuthFormProps {
  /** A `useZodForm` form: the button waits for it to be valid and spins while it submits. */
  form: { formState: { isValid: boolean; isSubmitting: boolean } };
  onSubmit: () => unknown;
  submitText: string;
  children: ReactNode;
}

/** The form of a sign-in or registration step inside its card: fields, then the one button. */
export function AuthForm({ form, onSubmit, submitText, children }: AuthFormProps) {
  return (
    <SubmitForm
      className={styles.form}
      onSubmit={onSubmit}
      isValid={form.formState.isValid}
      submitting={form.formState.isSubmitting}
      submitText={submitText}
    >
      {children}
    </SubmitForm>
  );
}
