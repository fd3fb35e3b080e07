import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { apiPath } from './api-path';

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
