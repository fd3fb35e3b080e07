import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { ButtonLink } from '../button/button-link';
import { Card } from '../layout/card';
import { Notice } from '../notice/notice';
import styles from './load-states.module.css';

export type SkeletonLineSize = 'full' | 'half' | 'short' | 'title';

/** One grey line of a skeleton, shimmering unless the person asked for less motion. */
export function SkeletonLine({ size = 'full' }: { size?: SkeletonLineSize }) {
  return <span className={styles.line} data-size={size} aria-hidden="true" />;
}

/** Grey blocks in the shape of a page while it loads; the status is read out once. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <div aria-hidden="true" className={styles.blocks}>
        <SkeletonLine size="short" />
        <SkeletonLine size="title" />
        <SkeletonLine />
        <span className={styles.block} />
        <SkeletonLine />
        <SkeletonLine size="short" />
      </div>
    </div>
  );
}

export interface ListSkeletonProps {
  /** Read out while the list loads, e.g. 'Загрузка заявок…'. */
  label: string;
  count?: number;
}

/** Grey cards in the shape of a list's items while its first page loads. */
export function ListSkeleton({ label, count = 3 }: ListSkeletonProps) {
  return (
    <div className={styles.list} role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className={styles.item} aria-hidden="true">
          <SkeletonLine size="title" />
          <SkeletonLine size="half" />
          <SkeletonLine />
        </Card>
      ))}
    </div>
  );
}

export interface EmptyStateProps {
  title: ReactNode;
  /** Why it is empty, or what to do instead. */
  text?: ReactNode;
  /** The way on: a link or a button. */
  children?: ReactNode;
  /** Centred for a page's main list, from the start inside a section. */
  align?: 'start' | 'center';
}

/** Nothing to show: why, and what to do instead. */
export function EmptyState({ title, text, children, align = 'start' }: EmptyStateProps) {
  return (
    <div className={styles.empty} data-align={align}>
      <p className={styles.emptyTitle}>{title}</p>
      {text && <p className={styles.emptyText}>{text}</p>}
      {children}
    </div>
  );
}

export interface ErrorStateProps {
  /** What did not load: 'Не удалось загрузить заявки'. */
  title: ReactNode;
  /** What went wrong, if the answer says; otherwise the usual advice. */
  children?: ReactNode;
  onRetry: () => void;
}

/** A read that failed for a reason other than a missing record: say so at once and offer to try again. */
export function ErrorState({ title, children, onRetry }: ErrorStateProps) {
  return (
    <Notice tone="danger" role="alert" title={title}>
      <p>{children ?? 'Проверьте подключение к интернету и попробуйте ещё раз.'}</p>
      <p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Повторить
        </Button>
      </p>
    </Notice>
  );
}

export interface MissingRecordProps {
  title: string;
  text: ReactNode;
  backTo: string;
  backText: string;
}

/** A page whose record does not exist (an old or mistyped link), with the way back. */
export function MissingRecord({ title, text, backTo, backText }: MissingRecordProps) {
  return (
    <section className={styles.missing} aria-labelledby="missing-title">
      <h1 id="missing-title" className={styles.missingTitle}>
        {title}
      </h1>
      <p className={styles.missingText}>{text}</p>
      <ButtonLink to={backTo}>{backText}</ButtonLink>
    </section>
  );
}
