import type { ReactNode } from 'react';
import styles from './notice.module.css';

export interface NoticeProps {
  tone?: 'info' | 'success' | 'warning' | 'danger';
  title?: ReactNode;
  children?: ReactNode;
  /**
   * `alert` for what stops the person (read out at once), `status` for news they should hear politely,
   * none for what is on the page from the start.
   */
  role?: 'alert' | 'status';
}

/** A framed message on a page: why something cannot be done, what happened, what to do next. */
export function Notice({ tone = 'info', title, children, role }: NoticeProps) {
  return (
    <div className={styles.notice} data-tone={tone} role={role}>
      {title && <p className={styles.title}>{title}</p>}
      {children && <div className={styles.body}>{children}</div>}
    </div>
  );
}
