import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { messageOf } from '@fed/api-client';
import { Button } from '@fed/ui-kit';
import styles from './request-list-parts.module.css';

/** Grey cards in the shape of requests while the first page of a list loads. */
export function RequestListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className={styles.skeletons} role="status" aria-live="polite">
      <span className="visually-hidden">Загрузка заявок…</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={styles.skeleton} aria-hidden="true">
          <span className={styles.line} data-width="wide" />
          <span className={styles.line} data-width="half" />
          <span className={styles.line} />
        </div>
      ))}
    </div>
  );
}

/** A list that failed to load: what went wrong, and a retry. */
export function RequestListError({
  error,
  onRetry,
}: {
  error: FetchBaseQueryError | SerializedError | undefined;
  onRetry: () => void;
}) {
  return (
    <div className={styles.message} role="alert">
      <p className={styles.messageTitle}>Не удалось загрузить заявки</p>
      <p className={styles.messageText}>{messageOf(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        Повторить
      </Button>
    </div>
  );
}

/** Nothing to show: why, and what to do instead. */
export function RequestListEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.message}>
      <p className={styles.messageTitle}>{title}</p>
      {children}
    </div>
  );
}

export interface PagerProps {
  /** Zero-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Страницы заявок'. */
  label: string;
}

/** Previous and next pages of a server-paged list; nothing when there is one page. */
export function Pager({ page, pageCount, onPageChange, label }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
        Назад
      </Button>
      <span className={styles.pageInfo} aria-live="polite">
        Страница {page + 1} из {pageCount}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pageCount - 1}
        onClick={() => onPageChange(page + 1)}
      >
        Вперёд
      </Button>
    </nav>
  );
}
