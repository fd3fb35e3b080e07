import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { messageOf } from './api-errors';

/** The fields of an RTK Query result that say how it stands. */
export interface QueryStanding {
  isFetching: boolean;
  isError: boolean;
  error?: FetchBaseQueryError | SerializedError;
  refetch: () => unknown;
}

/**
 * How a query stands, as the kit's list states show it (`<AsyncList items={…} {...queryState(query)} />`):
 * loading, failed with a message a person can read, and a retry.
 */
export function queryState(query: QueryStanding) {
  return {
    fetching: query.isFetching,
    failed: query.isError,
    errorText: messageOf(query.error),
    onRetry: () => void query.refetch(),
  };
}
