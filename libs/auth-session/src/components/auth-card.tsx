import type { ReactNode } from 'react';
import { SubmitForm } from '@fed/ui-kit';
import styles from './auth-card.module.css';

export interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card the sign-in and registration pages sit in. */
export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  return (
    <section className={styles.card} aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className={styles.title}>
        {title}
      </h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
      {footer && <div className={styles.footer}>{footer}</div>}
    </section>
  );
}

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
