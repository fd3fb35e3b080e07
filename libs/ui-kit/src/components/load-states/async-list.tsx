import { Fragment, type ReactNode } from 'react';
import type { Space } from '../layout/stack';
import { Stack } from '../layout/stack';
import { LoadingWrapper } from '../loading-wrapper/loading-wrapper';
import { EmptyState, ErrorState, ListSkeleton } from './load-states';

export interface AsyncListProps<T> {
  /** The items to show; `undefined` until the first answer comes. */
  items: readonly T[] | undefined;
  /** A read is under way: the shown items dim under a spinner. */
  fetching: boolean;
  /** The last read failed. */
  failed: boolean;
  /** Read out while the first answer is awaited, and while the next one is: 'Загрузка заявок…'. */
  loadingLabel: string;
  /** What did not load: 'Не удалось загрузить заявки'. */
  errorTitle: string;
  /** Why, if the answer says. */
  errorText?: ReactNode;
  onRetry: () => void;
  /** What an empty list says, and the way on from it. */
  emptyTitle: ReactNode;
  emptyText?: ReactNode;
  emptyAction?: ReactNode;
  gap?: Space;
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
  loadingLabel,
  errorTitle,
  errorText,
  onRetry,
  emptyTitle,
  emptyText,
  emptyAction,
  gap = 4,
  itemKey,
  renderItem,
}: AsyncListProps<T>) {
  if (failed && !fetching) {
    return (
      <ErrorState title={errorTitle} onRetry={onRetry}>
        {errorText}
      </ErrorState>
    );
  }
  if (!items) return <ListSkeleton label={loadingLabel} />;
  return (
    <LoadingWrapper loading={fetching} label={loadingLabel}>
      {items.length === 0 ? (
        <EmptyState title={emptyTitle} text={emptyText}>
          {emptyAction}
        </EmptyState>
      ) : (
        <Stack as="ul" gap={gap}>
          {items.map((item) => (
            <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
          ))}
        </Stack>
      )}
    </LoadingWrapper>
  );
}
