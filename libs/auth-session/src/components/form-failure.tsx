import styles from './auth-card.module.css';

/** A failure that belongs to no field, above the form's button; nothing while there is none. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.error} role="alert">
      {message}
    </p>
  );
}
