import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { instantOf, type Clock } from '@fed/calendar';
import { CLIENT_LOG_ENDPOINT, CLIENT_LOG_MSG_MAX_LENGTH, type ClientLogRecord } from '@fed/contracts';
import { apiPath } from './api-path';
import { sessionHeaders, type SessionPort } from './session-port';

/** `/log` relative to the client's base URL, as the base query names its calls. */
export const CLIENT_LOG_URL = apiPath(CLIENT_LOG_ENDPOINT);

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The spec's log timestamp: `DD.MM.YYYY, HH:mm:ssZ` in local time, e.g. `22.11.2026, 06:15:02+03:00`.
 * Written by hand: a date library would cost every page's first load for one fixed format.
 */
export function formatLogTimestamp(date: Date): string {
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return (
    `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}, ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${offset}`
  );
}

/**
 * The method and URL of a call as the base query resolves it: the URL relative to its base, so a site-root path
 * as the contracts spell it (`/api/auth/LoginUser`) is reported like every other call (`api/auth/LoginUser`).
 */
export function describeRequest(args: string | FetchArgs): { method: string; url: string } {
  return typeof args === 'string'
    ? { method: 'GET', url: apiPath(args) }
    : { method: (args.method ?? 'GET').toUpperCase(), url: apiPath(args.url) };
}

function errorText(error: FetchBaseQueryError): string {
  if (
    error.status === 'FETCH_ERROR' ||
    error.status === 'PARSING_ERROR' ||
    error.status === 'TIMEOUT_ERROR'
  ) {
    return error.error;
  }
  if (error.status === 'CUSTOM_ERROR') return error.error;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return typeof data === 'string' ? data.slice(0, 500) : 'Request failed';
}

/** The spec's failure message: error code, method, URL and text. */
export function buildErrorMessage(error: FetchBaseQueryError, args: string | FetchArgs): string {
  const { method, url } = describeRequest(args);
  return `${String(error.status)} ${method} ${url}: ${errorText(error)}`;
}

/**
 * Whether a failure is only the caller giving up: an aborted fetch (a navigation away, an AbortController), as
 * the browser throws it or as the base query words it (`FETCH_ERROR` with `AbortError: …`). Not a failure: never
 * reported, never a reason to refresh the session.
 */
export function isAbortError(error: unknown): boolean {
  if (typeof error === 'string') return /^AbortError\b/.test(error);
  if (typeof error !== 'object' || error === null) return false;
  if ('name' in error && error.name === 'AbortError') return true;
  return 'status' in error && error.status === 'FETCH_ERROR' && 'error' in error && isAbortError(error.error);
}

/**
 * Whether a rejection is a failed call of the client (an endpoint's `unwrap()`, `callApi`'s error): reported when
 * it failed, so not again as an application error.
 */
export function isCallFailure(error: unknown): boolean {
  const failure = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return (
    typeof failure === 'object' &&
    failure !== null &&
    'status' in failure &&
    (typeof failure.status === 'number' || typeof failure.status === 'string') &&
    ('data' in failure || 'error' in failure)
  );
}

/** Where an application error was caught: an error view (a render), or nowhere (the window's last resort). */
export type AppErrorSource = 'render' | 'unhandled rejection' | 'uncaught error';

/** The text of whatever was thrown: its name and message, and the frame it came from. */
function thrownText(error: unknown): string {
  if (error instanceof Error) {
    // The first frame names the chunk and position: enough to find the line in the build's source map.
    const frame = error.stack
      ?.split('\n')
      .map((line) => line.trim())
      .find((line) => line.startsWith('at ') || line.includes('@'));
    return `${error.name}: ${error.message}${frame ? ` (${frame})` : ''}`;
  }
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/**
 * An application error's report, like a failed call's: where it was caught, the page's path (without its query,
 * which may hold what someone typed) and what was thrown.
 */
export function buildAppErrorMessage(source: AppErrorSource, error: unknown, path: string): string {
  return `Application error (${source}) ${path}: ${thrownText(error)}`;
}

export interface ClientLogOptions {
  /** Absolute base URL ending with `/`: the client's own. */
  baseUrl: string;
  session: () => SessionPort;
  fetchFn: typeof fetch;
  /** What the reports are stamped with. */
  clock: Clock;
}

/** Sends one report to `/log`; never throws and never reports its own failure (that would loop). */
export type ClientLog = (message: string) => void;

/**
 * The `/log` sender of the client (spec §7, §8): `{timestamp, msg}` with the session's headers, so that the api
 * records whose error it was from the verified token. The message is cut to what the api accepts.
 */
export function createClientLog({ baseUrl, session, fetchFn, clock }: ClientLogOptions): ClientLog {
  return (message) => {
    const msg = message.trim().slice(0, CLIENT_LOG_MSG_MAX_LENGTH);
    if (msg === '') return;
    const record: ClientLogRecord = { timestamp: formatLogTimestamp(instantOf(clock)), msg };
    void Promise.resolve()
      .then(() =>
        fetchFn(`${baseUrl}${CLIENT_LOG_URL}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...sessionHeaders(session()) },
          body: JSON.stringify(record),
        }),
      )
      .catch(() => undefined);
  };
}
