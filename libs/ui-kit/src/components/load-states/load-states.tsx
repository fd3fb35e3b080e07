import { Fragment, type ReactNode } from 'react';
import { Button } from '../button/button';
import { ButtonPageLink } from '../button/button-page-link';
import { Card, Stack, type Space } from '../layout/layout';
import { LoadingWrapper } from '../loading-wrapper/loading-wrapper';
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
    <Card className={styles.empty} data-align={align}>
      <p className={styles.emptyTitle}>{title}</p>
      {text && <p className={styles.emptyText}>{text}</p>}
      {children}
    </Card>
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
      <ButtonPageLink to={backTo}>{backText}</ButtonPageLink>
    </section>
  );
}

/**
 * What a list says in each of its states, one object a list, so that its wording stands in one place and every
 * list component reads it alike.
 */
export interface ListTexts {
  /** Read out while the list loads, and while its next page does: 'Загрузка заявок…'. */
  loading: string;
  /** What did not load: 'Не удалось загрузить заявки'. */
  errorTitle: string;
  /** What an empty list says. */
  emptyTitle: ReactNode;
  /** Why it is empty, or what to do instead. */
  emptyText?: ReactNode;
  /** Names the pages' navigation of a list with pages: 'Страницы списка спортсменов'. */
  pagerLabel?: string;
}

export interface AsyncListProps<T> {
  /** The items to show; `undefined` until the first answer comes. */
  items: readonly T[] | undefined;
  /** A read is under way: the shown items dim under a spinner. */
  fetching: boolean;
  /** The last read failed. */
  failed: boolean;
  texts: ListTexts;
  /** Why it did not load, if the answer says. */
  errorText?: ReactNode;
  onRetry: () => void;
  /** The way on from an empty list: a link or a button. */
  emptyAction?: ReactNode;
  gap?: Space;
  /** The list's own layout (a grid of cards), beside the gap. */
  listClassName?: string;
  itemKey: (item: T) => string;
  /** One item: an `li`, or a component that is one (a `Card as="li"`). */
  renderItem: (item: T) => ReactNode;
}

/**
 * A list read from the server in each of its states: grey cards until the first answer, the failure with a
 * retry, why it is empty, or its items (dimmed while the next read runs, so the page does not jump).
 */
export function AsyncList<T>({
  items,
  fetching,
  failed,
  texts,
  errorText,
  onRetry,
  emptyAction,
  gap = 4,
  listClassName,
  itemKey,
  renderItem,
}: AsyncListProps<T>) {
  if (failed && !fetching) {
    return (
      <ErrorState title={texts.errorTitle} onRetry={onRetry}>
        {errorText}
      </ErrorState>
    );
  }
  if (!items) return <ListSkeleton label={texts.loading} />;
  return (
    <LoadingWrapper loading={fetching} label={texts.loading}>
      {items.length === 0 ? (
        <EmptyState title={texts.emptyTitle} text={texts.emptyText}>
          {emptyAction}
        </EmptyState>
      ) : (
        <Stack as="ul" gap={gap} className={listClassName}>
          {items.map((item) => (
            <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
          ))}
        </Stack>
      )}
    </LoadingWrapper>
  );
}
