import type { ReactNode, RefObject } from 'react';
import type { To } from 'react-router-dom';
import { Button, EmptyState, ErrorState, Notice, Pager, Stack } from '@fed/ui-kit';
import { RegistryCardSkeleton } from './sportsman-card';
import styles from './registry-card.module.css';

const SKELETON_CARDS = 6;

export interface RegistryListProps<T> {
  /** The answer for the list as the address asks it; `undefined` until it comes. */
  answer: { result: readonly T[]; total: number } | undefined;
  fetching: boolean;
  failed: boolean;
  onRetry: () => void;
  page: number;
  pageSize: number;
  pageLink: (page: number) => To;
  /** The hidden heading the list starts with, scrolled into view on a new page. */
  listTop: RefObject<HTMLHeadingElement | null>;
  /** 'Список спортсменов'. */
  heading: string;
  /** Names the pages' navigation: 'Страницы списка спортсменов'. */
  pagerLabel: string;
  /** 'Загрузка спортсменов…'. */
  loadingText: string;
  /** 'Найдено 12 спортсменов'. */
  found: (total: number) => string;
  errorTitle: string;
  emptyTitle: string;
  /** Why it is empty: filtered or simply empty. */
  emptyText: string;
  /** Set when the list is filtered: the empty state offers it. */
  onReset?: () => void;
  onFirstPage: () => void;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/**
 * A directory's list in each of its states: grey cards while a page loads, a failure with a retry, why it is
 * empty, a page past the end, or the cards with numbered pages in the address.
 */
export function RegistryList<T>(props: RegistryListProps<T>) {
  const { answer, fetching, failed, page, pageSize } = props;
  const total = answer?.total ?? 0;
  const items = answer?.result ?? [];
  return (
    <>
      <h2 ref={props.listTop} className="visually-hidden">
        {props.heading}
      </h2>
      <p className={styles.summary} role="status">
        {answer ? props.found(total) : fetching ? props.loadingText : ''}
      </p>

      {!answer && fetching && (
        <Stack as="ul" className={styles.grid} aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <RegistryCardSkeleton />
            </li>
          ))}
        </Stack>
      )}

      {!answer && !fetching && failed && <ErrorState title={props.errorTitle} onRetry={props.onRetry} />}

      {answer && total === 0 && (
        <EmptyState align="center" title={props.emptyTitle} text={props.emptyText}>
          {props.onReset && (
            <Button variant="secondary" onClick={props.onReset}>
              Сбросить фильтры
            </Button>
          )}
        </EmptyState>
      )}

      {answer && total > 0 && items.length === 0 && (
        <Notice title={`Страницы ${page} в этом списке нет`}>
          <p>
            <Button variant="secondary" size="sm" onClick={props.onFirstPage}>
              На первую страницу
            </Button>
          </p>
        </Notice>
      )}

      {items.length > 0 && (
        <>
          <Stack as="ul" className={styles.grid}>
            {items.map((item) => (
              <li key={props.itemKey(item)}>{props.renderItem(item)}</li>
            ))}
          </Stack>
          <Pager
            page={page}
            pageCount={Math.ceil(total / pageSize)}
            label={props.pagerLabel}
            linkTo={props.pageLink}
          />
        </>
      )}
    </>
  );
}
