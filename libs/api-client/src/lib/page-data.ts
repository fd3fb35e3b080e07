import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/** What a page's data depends on: its route's parameters and its address's query. */
export interface PageRequest {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** The store's dispatch as a prefetch uses it: `endpoint.initiate(arg)` and awaiting what it returns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the portal's state is the app's; a library's prefetch only dispatches its own endpoints' thunks
export type PrefetchDispatch = ThunkDispatch<any, unknown, UnknownAction>;

/**
 * The queries a page reads first, started from its address alone: the server renders the page with their
 * answers (and hands them to the browser's store). Resolves once they are answered; a failure is kept in the
 * store as the page's own error state, never thrown. The arguments must be exactly the ones the page's hooks
 * pass, or the browser asks again.
 */
export type PagePrefetch = (page: PageRequest, dispatch: PrefetchDispatch) => Promise<void>;
