import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

export interface PhoneNoticeProps {
  /** What the api said about the number; nothing is shown without it. */
  title: string | null;
  text?: ReactNode;
  /** The ways on: links that carry the number to the other page. */
  children?: ReactNode;
}

/**
 * What a phone step learnt about the number — not registered on the sign-in, already registered on a
 * registration — right under the phone, with the link that goes on with the same number. The live region stays
 * in the page so that the notice is announced when it appears.
 */
export function PhoneNotice({ title, text, children }: PhoneNoticeProps) {
  return (
    <div className={styles.notice} role="status">
      {title && (
        <>
          <p className={styles.noticeTitle}>{title}</p>
          {text && <p className={styles.noticeText}>{text}</p>}
          {children && <div className={styles.noticeActions}>{children}</div>}
        </>
      )}
    </div>
  );
}
