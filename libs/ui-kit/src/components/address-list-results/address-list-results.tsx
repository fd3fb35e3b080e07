import type { ReactNode, RefObject } from 'react';
import type { To } from 'react-router-dom';
import { LIST_ACTION_ATTRIBUTE, LIST_RESULTS_ATTRIBUTE, type ListAction } from '../../lib/island-list';
import type { AddressListState } from '../../lib/use-address-list';
import { Button } from '../button/button';
import { Stack } from '../layout/layout';
import { EmptyState, ErrorState, type ListTexts } from '../load-states/load-states';
import { Notice } from '../notice/notice';
import { Pager } from '../pager/pager';
import listPageStyles from '../../styles/list-page.module.css';

const SKELETON_CARDS = 6;

/** Marks a control among the results with what it does, for a page whose islands only are hydrated. */
const action = (name: ListAction) => ({ [LIST_ACTION_ATTRIBUTE]: name });

/** A page of a list as the server answers it. */
export interface AddressListAnswer<I> {
  result: readonly I[];
  total: number;
}

/** A list kept in the address also starts with a hidden heading and says how many it found. */
export interface AddressListTexts extends ListTexts {
  /** The hidden heading the list starts with, scrolled into view on a new page: 'Список спортсменов'. */
  heading: string;
  /** 'Найдено 12 спортсменов'. */
  found: (total: number) => string;
  emptyTitle: string;
  /** Why the plain list is empty; `emptyTitle` says that nothing matched. */
  emptyText: string;
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
  texts: AddressListTexts;
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
  const { list, query, filtered, texts, gridClassName } = props;
  const answer = query.currentData;
  const fetching = query.isFetching;
  const total = answer?.total ?? 0;
  const items = answer?.result ?? [];
  // One element holds them (taking no box): a page whose islands only are hydrated replaces its content with the
  // server's rendering of the list's new address (`showListAt`).
  return (
    <div className={listPageStyles.results} {...{ [LIST_RESULTS_ATTRIBUTE]: '' }}>
      <h2 ref={list.listTop} className="visually-hidden">
        {texts.heading}
      </h2>
      <p className={listPageStyles.summary} role="status">
        {answer ? texts.found(total) : fetching ? texts.loading : ''}
      </p>

      {!answer && fetching && (
        <Stack as="ul" className={gridClassName} aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>{props.skeleton}</li>
          ))}
        </Stack>
      )}

      {!answer && !fetching && query.isError && (
        <div className={listPageStyles.results} {...action('retry')}>
          <ErrorState title={texts.errorTitle} onRetry={() => void query.refetch()} />
        </div>
      )}

      {answer && total === 0 && (
        <EmptyState
          align="center"
          title={texts.emptyTitle}
          text={filtered ? 'Попробуйте изменить условия поиска или сбросить фильтры.' : texts.emptyText}
        >
          {filtered && (
            <Button variant="secondary" onClick={list.reset} {...action('reset')}>
              Сбросить фильтры
            </Button>
          )}
        </EmptyState>
      )}

      {answer && total > 0 && items.length === 0 && (
        <Notice title={`Страницы ${list.state.page} в этом списке нет`}>
          <p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => list.show({ ...list.state, page: 1 })}
              {...action('first-page')}
            >
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
            label={texts.pagerLabel}
            linkTo={list.pageLink}
          />
        </>
      )}
    </div>
  );
}
