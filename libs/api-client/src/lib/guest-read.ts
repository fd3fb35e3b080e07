import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { RETRIED_STATUSES } from './retry-policy';

// A guest's read (or a form's send) outside the store, for the islands of a guest's server-rendered page (a
// profile's sections paged in place, a filter's suggestions, the sign-in). `callApi` would do, but the portal's
// client comes in one chunk with Redux and RTK Query (its base query is RTK's `fetchBaseQuery`): 23 kB that a page
// whose islands read at once would load for this. A guest has no session to send or refresh, so the call needs
// only what the client does for every call besides: a GET tried once more on the spec's statuses, a failure
// printed and reported to `/log` with the spec's message (the report's code loaded when there is one to send), a
// caller's abort no failure.

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

/** A call's outcome as RTK Query's triggers resolve: what the store's failures are read with reads it too. */
export type GuestCallOutcome<Answer> = { data: Answer } | { error: FetchBaseQueryError };

async function callOnce(url: string, init: RequestInit): Promise<GuestCallOutcome<unknown>> {
  let response: Response;
  const { signal } = init;
  try {
    // Relative to the site's root either way: `api/…` as `platformGet` makes it, `/api/auth/…` as `authPath` does.
    response = await fetch(new URL(url, base()).href, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
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
  const readOnce = () => callOnce(request.url, { signal });
  let outcome = await readOnce();
  if (
    'error' in outcome &&
    typeof outcome.error.status === 'number' &&
    RETRIED_STATUSES.has(outcome.error.status)
  )
    outcome = await readOnce();
  if ('data' in outcome) return outcome.data as Answer;
  throw new GuestReadError(await reportFailure(outcome.error, request.url, 'GET'), outcome.error);
}

// The report's code is loaded when there is a failure to report: a page whose calls succeed never needs it.
async function reportFailure(failure: FetchBaseQueryError, url: string, method: string): Promise<string> {
  const { reportGuestCallFailure } = await import('./guest-read-report');
  return reportGuestCallFailure(failure, url, method, base());
}

/**
 * Posts `body` as JSON to `url` (relative to the site) as a guest, once (a write is never tried again): the
 * answer, or the failure (reported, as the store's are), for the island of a form a guest fills in (the sign-in).
 */
export async function sendAsGuest<Answer>(url: string, body: unknown): Promise<GuestCallOutcome<Answer>> {
  const outcome = await callOnce(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if ('data' in outcome) return { data: outcome.data as Answer };
  await reportFailure(outcome.error, url, 'POST');
  return outcome;
}
