import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { systemClock, type Clock } from '@fed/calendar';
import { authPath, type RefreshResponse } from '@fed/contracts';
import { apiPath } from './api-path';
import {
  buildErrorMessage,
  CLIENT_LOG_URL,
  createClientLog,
  describeRequest,
  isAbortError,
} from './error-report';
import { GET_STYLE_METHODS, RETRIED_STATUSES } from './retry-policy';
import { sessionHeaders, type SessionPort, type SessionTokens } from './session-port';

const REFRESH_URL = apiPath(authPath('Refresh'));

export interface PortalBaseQueryOptions {
  /** Absolute base URL ending with `/`. */
  baseUrl: string;
  session: () => SessionPort;
  fetchFn?: typeof fetch;
  /** What the `/log` reports are stamped with; the system clock by default. */
  clock?: Clock;
  /** Where failures are printed besides `/log`; console by default. */
  printError?: (message: string) => void;
}

export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

/**
 * The base query, plus the refresh it shares with every call (start-up uses it too) and its failure report
 * (printed and sent to `/log`), which whatever else fails in the portal reports through.
 */
export type PortalBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> & {
  refresh: () => Promise<RefreshOutcome>;
  report: (message: string) => void;
};

function needsRefresh(error: FetchBaseQueryError | undefined): boolean {
  return error !== undefined && (error.status === 401 || error.status === 'FETCH_ERROR');
}

/** The caller gave up on the call (its signal, or the request's own): no failure, nothing to retry. */
function wasAborted(
  result: { error?: FetchBaseQueryError; meta?: FetchBaseQueryMeta },
  api: BaseQueryApi,
): boolean {
  return (
    result.error !== undefined &&
    (api.signal.aborted || result.meta?.request.signal.aborted === true || isAbortError(result.error))
  );
}

function isRetriedStatus(error: FetchBaseQueryError | undefined): boolean {
  return error !== undefined && typeof error.status === 'number' && RETRIED_STATUSES.has(error.status);
}

/** The tokens of `Refresh`'s answer (`{Token, RefreshToken}`, spec §7), or null for anything else. */
function readRefreshAnswer(body: unknown): SessionTokens | null {
  if (typeof body !== 'object' || body === null) return null;
  const { Token: token, RefreshToken: refreshToken } = body as Partial<
    Record<keyof RefreshResponse, unknown>
  >;
  return typeof token === 'string' && typeof refreshToken === 'string' ? { token, refreshToken } : null;
}

/**
 * The portal's base query (architecture §5, spec §4, §7, §8):
 * - `Authorization: Bearer` and `userId` headers from the session;
 * - on a 401 or a network error, one retry after a token refresh; concurrent calls share a single refresh and
 *   calls started meanwhile wait for it, then go out with the new token; a refused refresh ends the session;
 * - GET-style calls tried once more on 408, 409, 425, 429, 500, 502, 503, 504; other methods never;
 * - every failure printed and reported to `/log` with the spec's message, then returned to the caller; an
 *   aborted call (a navigation away) is no failure: neither refreshed, retried nor reported.
 */
export function createPortalBaseQuery(options: PortalBaseQueryOptions): PortalBaseQuery {
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const clock = options.clock ?? systemClock;
  const printError = options.printError ?? ((message: string) => console.error(message));

  const rawBaseQuery = fetchBaseQuery({
    baseUrl: options.baseUrl,
    fetchFn,
    prepareHeaders: (headers) => {
      for (const [name, value] of Object.entries(sessionHeaders(options.session()))) headers.set(name, value);
      return headers;
    },
  });

  let refreshInFlight: Promise<RefreshOutcome> | null = null;

  async function requestNewTokens(): Promise<RefreshOutcome> {
    const session = options.session();
    const refreshToken = session.refreshToken();
    if (!refreshToken) return 'refused';
    let response: Response;
    try {
      // No Authorization header: the refresh token alone speaks for the caller.
      response = await fetchFn(`${options.baseUrl}${REFRESH_URL}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ RefreshToken: refreshToken }),
      });
    } catch {
      // Offline is not a verdict on the session: keep the tokens for when the network is back.
      return 'unreachable';
    }
    if (response.status >= 500) return 'unreachable';
    const tokens = response.ok ? readRefreshAnswer(await response.json().catch(() => null)) : null;
    if (!tokens) {
      session.refreshRefused();
      return 'refused';
    }
    session.tokensRefreshed(tokens);
    return 'refreshed';
  }

  function refreshOnce(): Promise<RefreshOutcome> {
    refreshInFlight ??= requestNewTokens().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  const sendLog = createClientLog({ baseUrl: options.baseUrl, session: options.session, fetchFn, clock });

  function report(message: string): void {
    printError(message);
    sendLog(message);
  }

  function reportFailure(error: FetchBaseQueryError, args: string | FetchArgs): void {
    const message = buildErrorMessage(error, args);
    if (describeRequest(args).url === CLIENT_LOG_URL) printError(message);
    else report(message);
  }

  const baseQuery: BaseQueryFn<
    string | FetchArgs,
    unknown,
    FetchBaseQueryError,
    object,
    FetchBaseQueryMeta
  > = async (args, api, extraOptions) => {
    if (refreshInFlight) await refreshInFlight;
    const tokenUsed = options.session().accessToken();
    let result = await rawBaseQuery(args, api, extraOptions);
    if (wasAborted(result, api)) return result;

    if (needsRefresh(result.error) && options.session().refreshToken()) {
      // Another call may have refreshed while this one was in flight: then just replay with the new token.
      const outcome = options.session().accessToken() !== tokenUsed ? 'refreshed' : await refreshOnce();
      if (outcome === 'refreshed') result = await rawBaseQuery(args, api, extraOptions);
    } else if (isRetriedStatus(result.error) && GET_STYLE_METHODS.has(describeRequest(args).method)) {
      result = await rawBaseQuery(args, api, extraOptions);
    }

    if (result.error && !wasAborted(result, api)) reportFailure(result.error, args);
    return result;
  };

  return Object.assign(baseQuery, { refresh: refreshOnce, report });
}
