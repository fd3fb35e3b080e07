import { Link, type LinkProps } from 'react-router-dom';
import styles from './bell-link.module.css';

export interface BellLinkProps extends Omit<LinkProps, 'children' | 'aria-label'> {
  /** Unread notices; 0 shows no badge. */
  count: number;
  /** The link's words: shown beside the bell (`labelled`), or its accessible name alone. */
  label?: string;
  /** Shows `label` beside the bell (a menu's row) instead of the bell alone (a header). */
  labelled?: boolean;
}

/** «3 непрочитанных», «1 непрочитанное»: the count as it is read aloud. */
export function unreadPhrase(count: number): string {
  const one = count % 10 === 1 && count % 100 !== 11;
  return `${count} ${one ? 'непрочитанное' : 'непрочитанных'}`;
}

/**
 * The notices bell: a link to the notices with the unread count in a badge (99+ past 99). Its name is its own
 * text, so what is seen is part of what is said: the words (also shown beside the bell when `labelled`) and
 * the count in words («Уведомления, 3 непрочитанных»); the badge's figure is for the eye alone.
 */
export function BellLink({
  count,
  label = 'Уведомления',
  labelled = false,
  className,
  ...rest
}: BellLinkProps) {
  return (
    <Link
      {...rest}
      className={[styles.bell, className].filter(Boolean).join(' ')}
      data-labelled={labelled || undefined}
    >
      <span className={styles.icon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6l-1.7 2.9A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15.5a2.5 2.5 0 0 0 5 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {count > 0 && (
          <span className={styles.count} data-testid="bell-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
      {labelled && (
        <span className={styles.label} aria-hidden="true">
          {label}
        </span>
      )}
      {/* The name in one piece: browsers join parts of a name with or without a space as they please. */}
      <span className="visually-hidden">{count > 0 ? `${label}, ${unreadPhrase(count)}` : label}</span>
    </Link>
  );
}
