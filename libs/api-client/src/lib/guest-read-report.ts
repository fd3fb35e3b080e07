import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { systemClock } from '@fed/calendar';
import { buildErrorMessage, createClientLog } from './error-report';
import { currentSession } from './session-port';

/**
 * A guest call's failure printed and sent to `/log` as the client reports a failed call (spec §8), with the
 * session's headers (a guest's: none). Answers the message.
 */
export function reportGuestCallFailure(
  failure: FetchBaseQueryError,
  url: string,
  method: string,
  baseUrl: string,
): string {
  const message = buildErrorMessage(failure, { url, method });
  console.error(message);
  createClientLog({
    baseUrl,
    session: currentSession,
    fetchFn: (input, init) => fetch(input, init),
    clock: systemClock,
  })(message);
  return message;
}
