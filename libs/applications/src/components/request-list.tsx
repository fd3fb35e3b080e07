import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import type { RequestView } from '@fed/contracts';
import { messageOf } from '@fed/api-client';
import { AsyncList, Pager } from '@fed/ui-kit';

/** What a list query tells the view: RTK Query's fields, as both request lists have them. */
export interface RequestListQuery {
  currentData?: { result: readonly RequestView[] };
  data?: { total: number };
  isFetching: boolean;
  isError: boolean;
  error?: FetchBaseQueryError | SerializedError;
  refetch: () => unknown;
}

export interface RequestListProps {
  query: RequestListQuery;
  /** Zero-based, as the list's `from` counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the pager: 'Страницы заявок'. */
  pagerLabel: string;
  /** What an empty page says, and the way on from it. */
  emptyTitle: string;
  emptyAction?: ReactNode;
  renderRequest: (request: RequestView) => ReactNode;
}

/** A server-paged list of requests in each of its states (`AsyncList`), with its pager. */
export function RequestList({
  query: { currentData, data, isFetching, isError, error, refetch },
  page,
  pageSize,
  onPageChange,
  pagerLabel,
  emptyTitle,
  emptyAction,
  renderRequest,
}: RequestListProps) {
  // From the last answer, even one for other pages: the pager stays put while the next page loads.
  const pageCount = data ? Math.ceil(data.total / pageSize) : 0;
  return (
    <>
      <AsyncList
        items={currentData?.result}
        fetching={isFetching}
        failed={isError}
        loadingLabel="Загрузка заявок…"
        errorTitle="Не удалось загрузить заявки"
        errorText={messageOf(error)}
        onRetry={() => void refetch()}
        emptyTitle={emptyTitle}
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
