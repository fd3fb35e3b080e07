import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { RETRIED_STATUSES } from './retry-policy';
import { UNEXPECTED_ERROR } from './unexpected-error';

// A guest's read outside the store, for the islands of a guest's server-rendered page (a profile's sections paged
// in place, a filter's suggestions). `callApi` would do, but the portal's client comes in one chunk with Redux
// and RTK Query (its base query is RTK's `fetchBaseQuery`): 23 kB that a page whose islands read at once would
// load for this. A guest has no session to send or refresh, so the read needs only what the client does for
// every call besides: GET tried once more on the spec's statuses, a failure printed and reported to `/log` with
// the spec's message (the report's code loaded when there is one to send), a caller's abort no failure.

/** A read's failure as the client words it (`FetchBaseQueryError`): what `messageOf` and the reports read. */
export class GuestReadError extends Error {
  constructor(
    message: string,
    readonly failure: FetchBaseQueryError,
  ) {
    super(message, { cause: failure });
    this.name = 'GuestReadError';
  }
}

const base = () => `${globalThis.location?.origin ?? 'http://localhost'}/`;

type Outcome = { data: unknown } | { error: FetchBaseQueryError };

async function readOnce(url: string, signal?: AbortSignal): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(`${base()}${url}`, { signal, headers: { Accept: 'application/json' } });
  } catch (error) {
    if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw error;
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    if (response.ok) {
      return {
        error: {
          status: 'PARSING_ERROR',
          originalStatus: response.status,
          data: text,
          error: 'Invalid JSON',
        },
      };
    }
  }
  return response.ok ? { data: body } : { error: { status: response.status, data: body } };
}

/**
 * Reads `url` (relative to the site, as `platformGet` makes it) as a guest: the answer's body, or a
 * `GuestReadError` once the read failed (reported); the caller's abort is thrown as it came, unreported.
 */
export async function readAsGuest<Answer>(request: { url: string }, signal?: AbortSignal): Promise<Answer> {
  let outcome = await readOnce(request.url, signal);
  if (
    'error' in outcome &&
    typeof outcome.error.status === 'number' &&
    RETRIED_STATUSES.has(outcome.error.status)
  )
    outcome = await readOnce(request.url, signal);
  if ('data' in outcome) return outcome.data as Answer;
  // The report's code is loaded when there is a failure to report: a page whose reads succeed never needs it.
  const { reportGuestReadFailure } = await import('./guest-read-report');
  throw new GuestReadError(reportGuestReadFailure(outcome.error, request.url, base()), outcome.error);
}

/**
 * What a person reads of a guest read's failure, as `messageOf` words the store's: the api's own message when it
 * is Russian, «no connection» for a network failure, else the spec's generic one. (Without the api error's schema,
 * whose validation library the island would otherwise load.)
 */
export function guestReadMessage(failure: FetchBaseQueryError | undefined): string {
  const data = failure && typeof failure.status === 'number' ? failure.data : undefined;
  const message = typeof data === 'object' && data !== null && 'message' in data ? data.message : undefined;
  if (typeof message === 'string' && /[А-Яа-яЁё]/.test(message)) return message;
  if (failure?.status === 'FETCH_ERROR') return 'Нет связи с сервером. Проверьте подключение';
  return UNEXPECTED_ERROR;
}
