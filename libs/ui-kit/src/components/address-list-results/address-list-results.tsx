import type { ReactNode, RefObject } from 'react';
import type { To } from 'react-router-dom';
import type { AddressListState } from '../../lib/use-address-list';
import { Button } from '../button/button';
import { Stack } from '../layout/layout';
import { EmptyState, ErrorState } from '../load-states/load-states';
import { Notice } from '../notice/notice';
import { Pager } from '../pager/pager';
import listPageStyles from '../../styles/list-page.module.css';

const SKELETON_CARDS = 6;

/** A page of a list as the server answers it. */
export interface AddressListAnswer<I> {
  result: readonly I[];
  total: number;
}

export interface AddressListResultsProps<S extends AddressListState, I> {
  /** What `useAddressList` gives the list's page. */
  list: {
    state: S;
    show: (state: S) => void;
    reset: () => void;
    pageLink: (page: number) => To;
    listTop: RefObject<HTMLHeadingElement | null>;
  };
  /** The read of the page the address asks for (an RTK Query result). */
  query: {
    currentData?: AddressListAnswer<I>;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  /** The list differs from the plain one: an empty answer then offers «Сбросить фильтры». */
  filtered: boolean;
  pageSize: number;
  /** The hidden heading the list starts with, scrolled into view on a new page: 'Список спортсменов'. */
  heading: string;
  /** Names the pages' navigation: 'Страницы списка спортсменов'. */
  pagerLabel?: string;
  /** 'Загрузка спортсменов…'. */
  loadingText: string;
  /** 'Найдено 12 спортсменов'. */
  found: (total: number) => string;
  errorTitle: string;
  emptyTitle: string;
  /** Why the plain list is empty. */
  emptyText: string;
  /** A grey card in the shape of the list's cards. */
  skeleton: ReactNode;
  /** The list's grid, for the grey cards too. */
  gridClassName?: string;
  itemKey: (item: I) => string;
  renderItem: (item: I) => ReactNode;
}

/**
 * The results of a list kept in the address (`useAddressList`) in each of their states: grey cards while a page
 * loads, a failure with a retry, why it is empty, a page past the end, or the cards with numbered pages.
 */
export function AddressListResults<S extends AddressListState, I>(props: AddressListResultsProps<S, I>) {
  const { list, query, filtered, gridClassName } = props;
  const answer = query.currentData;
  const fetching = query.isFetching;
  const total = answer?.total ?? 0;
  const items = answer?.result ?? [];
  return (
    <>
      <h2 ref={list.listTop} className="visually-hidden">
        {props.heading}
      </h2>
      <p className={listPageStyles.summary} role="status">
        {answer ? props.found(total) : fetching ? props.loadingText : ''}
      </p>

      {!answer && fetching && (
        <Stack as="ul" className={gridClassName} aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>{props.skeleton}</li>
          ))}
        </Stack>
      )}

      {!answer && !fetching && query.isError && (
        <ErrorState title={props.errorTitle} onRetry={() => void query.refetch()} />
      )}

      {answer && total === 0 && (
        <EmptyState
          align="center"
          title={props.emptyTitle}
          text={filtered ? 'Попробуйте изменить условия поиска или сбросить фильтры.' : props.emptyText}
        >
          {filtered && (
            <Button variant="secondary" onClick={list.reset}>
              Сбросить фильтры
            </Button>
          )}
        </EmptyState>
      )}

      {answer && total > 0 && items.length === 0 && (
        <Notice title={`Страницы ${list.state.page} в этом списке нет`}>
          <p>
            <Button variant="secondary" size="sm" onClick={() => list.show({ ...list.state, page: 1 })}>
              На первую страницу
            </Button>
          </p>
        </Notice>
      )}

      {items.length > 0 && (
        <>
          <Stack as="ul" className={gridClassName}>
            {items.map((item) => (
              <li key={props.itemKey(item)}>{props.renderItem(item)}</li>
            ))}
          </Stack>
          <Pager
            page={list.state.page}
            pageCount={Math.ceil(total / props.pageSize)}
            label={props.pagerLabel}
            linkTo={list.pageLink}
          />
        </>
      )}
    </>
  );
}
