import type { ReactNode } from 'react';
import styles from './loading-wrapper.module.css';

export interface LoadingWrapperProps {
  loading: boolean;
  children?: ReactNode;
  /** Read by screen readers while loading. */
  label?: string;
}

/**
 * Shows its content dimmed under a spinner while `loading`. The content stays mounted, so a form
 * behind it keeps what the user typed.
 */
export function LoadingWrapper({ loading, children, label = 'Загрузка…' }: LoadingWrapperProps) {
  return (
    <div className={styles.wrapper}>
      <div className={styles.content} aria-busy={loading}>
        {children}
      </div>
      {loading && (
        <div className={styles.overlay} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          <span className="visually-hidden">{label}</span>
        </div>
      )}
    </div>
  );
}
