import { useDeferredValue, type ReactNode } from 'react';
import type { RequestView } from '@fed/contracts';
import { queryState, type QueryStanding } from '@fed/api-client';
import { AsyncList, Pager } from '@fed/ui-kit';

/** What a list query tells the view: RTK Query's fields, as both request lists have them. */
export interface RequestListQuery extends QueryStanding {
  currentData?: { result: readonly RequestView[] };
  data?: { total: number };
}

export interface RequestListProps {
  query: RequestListQuery;
  /** Zero-based, as the list's `from` counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the pager: 'Страницы заявок'. */
  pagerLabel: string;
  /** A filter narrows the list: an empty page then says that nothing matches. */
  filtered: boolean;
  /** What an empty list says when nothing narrows it, and the way on from it. */
  emptyTitle: string;
  emptyAction?: ReactNode;
  renderRequest: (request: RequestView) => ReactNode;
}

/** A server-paged list of requests in each of its states (`AsyncList`), with its pager. */
export function RequestList({
  query: asked,
  page,
  pageSize,
  onPageChange,
  pagerLabel,
  filtered,
  emptyTitle,
  emptyAction,
  renderRequest,
}: RequestListProps) {
  // A page of requests, each with its timeline and actions, is the heaviest part of a cabinet to draw: its answer
  // is drawn in a render that yields to the browser, not in the one task that takes the answer in, so that the
  // press that led to the cabinet (sending an application) and the next press stay responsive.
  const query = useDeferredValue(asked);
  // From the last answer, even one for other pages: the pager stays put while the next page loads.
  const pageCount = query.data ? Math.ceil(query.data.total / pageSize) : 0;
  return (
    <>
      <AsyncList
        items={query.currentData?.result}
        {...queryState(query)}
        texts={{
          loading: 'Загрузка заявок…',
          errorTitle: 'Не удалось загрузить заявки',
          emptyTitle: filtered ? 'Нет заявок по заданным условиям' : emptyTitle,
        }}
        emptyAction={emptyAction}
        itemKey={(request) => request.__id}
        renderItem={(request) => <li>{renderRequest(request)}</li>}
      />
      <Pager
        page={page + 1}
        pageCount={pageCount}
        onPageChange={(next) => onPageChange(next - 1)}
        label={pagerLabel}
      />
    </>
  );
}
