import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { buildErrorMessage } from './error-report';
import { createPortalBaseQuery } from './portal-base-query';
import { currentSession } from './session-port';

// The portal's one client, apart from the RTK Query API (base-api.ts) that uses it: a call made outside the
// store (suggestions typed ahead, uploads, reports) needs no store, so a guest page's island that only suggests
// cities does not download Redux and the API with it.

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

export const portalBaseQuery = createPortalBaseQuery({
  // Absolute, because Request needs an absolute URL outside the browser (tests, workers, the server).
  baseUrl: `${globalThis.location?.origin ?? SERVER_RENDER_ORIGIN}/`,
  session: currentSession,
  fetchFn: (input, init) => transport(input, init),
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
