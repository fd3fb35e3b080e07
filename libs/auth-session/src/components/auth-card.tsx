import type { ReactNode } from 'react';
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
