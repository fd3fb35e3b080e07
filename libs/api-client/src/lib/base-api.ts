import { createAction } from '@reduxjs/toolkit';
import type { BaseQueryApi, CombinedState, EndpointDefinitions, FetchArgs } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { buildErrorMessage } from './error-report';
import { createPortalBaseQuery } from './portal-base-query';
import { currentSession } from './session-port';

/**
 * Where the server renderer's store sends its requests: a fixed origin of its own, answered in-process by the
 * api (it is never resolved). A browser uses its page's origin.
 */
export const SERVER_RENDER_ORIGIN = 'http://portal.render';

let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * The server renderer's way to the api, set once by the render module: the page's requests are then answered
 * by it (the api's own proxy, as a guest) instead of going out over the network.
 */
export function routeRequestsThrough(fetchFn: typeof fetch): void {
  transport = fetchFn;
}

const portalBaseQuery = createPortalBaseQuery({
  // Absolute, because Request needs an absolute URL outside the browser (tests, workers, the server).
  baseUrl: `${globalThis.location?.origin ?? SERVER_RENDER_ORIGIN}/`,
  session: currentSession,
  fetchFn: (input, init) => transport(input, init),
});

/**
 * Seeds a store with the API state the server rendered the page with (its store's `api` slice), so that nothing
 * the page carried is asked again.
 */
export const apiStateRehydrated = createAction<unknown>('api/stateRehydrated');

/**
 * The one RTK Query API of the portal. It declares no endpoints: each domain library adds its own
 * with `baseApi.injectEndpoints` in its `api/` folder, so a page's endpoints ship in the page's chunk.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: portalBaseQuery,
  endpoints: () => ({}),
  // RTK Query takes the fulfilled and failed queries of the server's state (its `queries` and their tags); the
  // page's JSON is that state as the server's store held it.
  extractRehydrationInfo: (action) =>
    apiStateRehydrated.match(action)
      ? (action.payload as CombinedState<EndpointDefinitions, string, 'api'>)
      : undefined,
});

/** Refreshes the tokens through the same single-flight refresh the calls use (start-up uses it). */
export const refreshSession = () => portalBaseQuery.refresh();

/**
 * Reports an error of the portal that is no failed call (a render error an error view caught, an unhandled
 * rejection) the way failed calls are: printed, and sent to `/log` with the session's headers.
 */
export const reportClientError = (message: string) => portalBaseQuery.report(message);

/** The base query never dispatches nor reads the store: a call made outside a store's endpoints has none. */
const noStore = {
  dispatch: ((action: unknown) => action) as unknown as BaseQueryApi['dispatch'],
  getState: () => undefined,
  extra: undefined,
};

/**
 * One call through the portal's client outside the store (typed-ahead suggestions: answers nobody keeps): its
 * headers, its refresh on a 401, its retries and its failure reports, as every endpoint's. Answers the body;
 * throws the caller's abort as it came, anything else as an error named like its report.
 */
export async function callApi<Answer>(args: FetchArgs, signal?: AbortSignal): Promise<Answer> {
  const controller = new AbortController();
  const giveUp = () => controller.abort(signal?.reason);
  if (signal?.aborted) giveUp();
  signal?.addEventListener('abort', giveUp, { once: true });
  try {
    const result = await portalBaseQuery(
      args,
      {
        ...noStore,
        signal: controller.signal,
        abort: (reason) => controller.abort(reason),
        endpoint: 'callApi',
        type: 'mutation',
      },
      {},
    );
    if (result.error === undefined) return result.data as Answer;
    if (controller.signal.aborted) throw controller.signal.reason;
    throw new Error(buildErrorMessage(result.error, args), { cause: result.error });
  } finally {
    signal?.removeEventListener('abort', giveUp);
  }
}
