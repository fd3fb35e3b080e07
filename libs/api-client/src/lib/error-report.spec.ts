import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import fc from 'fast-check';
import { buildAppErrorMessage, formatLogTimestamp, isAbortError } from './error-report';

describe('formatLogTimestamp', () => {
  it('writes DD.MM.YYYY, HH:mm:ss with the local offset', () => {
    expect(formatLogTimestamp(new Date(2026, 0, 5, 7, 8, 9))).toMatch(
      /^05\.01\.2026, 07:08:09[+-]\d{2}:\d{2}$/,
    );
  });

  it('agrees with date-fns for any date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1970, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (date) => {
          expect(formatLogTimestamp(date)).toBe(format(date, 'dd.MM.yyyy, HH:mm:ssxxx'));
        },
      ),
    );
  });
});

describe('isAbortError', () => {
  it('knows an abort as the browser throws it and as the base query words it', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortError(controller.signal.reason)).toBe(true);
    expect(isAbortError(new DOMException('The user aborted a request.', 'AbortError'))).toBe(true);
    expect(isAbortError({ status: 'FETCH_ERROR', error: 'AbortError: This operation was aborted' })).toBe(
      true,
    );
  });

  it('takes nothing else for one', () => {
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(false);
    expect(isAbortError({ status: 500, data: { message: 'AbortError' } })).toBe(false);
    expect(isAbortError(null)).toBe(false);
    expect(isAbortError('Timeout')).toBe(false);
  });
});

describe('buildAppErrorMessage', () => {
  it('names where the error was caught, the page and what was thrown with its first frame', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'name')");
    error.stack = `TypeError: Cannot read properties of undefined (reading 'name')\n    at Card (https://portal/assets/event-page-1a2b.js:1:2345)\n    at render (x.js:1:1)`;
    expect(buildAppErrorMessage('render', error, '/competitions/7')).toBe(
      "Application error (render) /competitions/7: TypeError: Cannot read properties of undefined (reading 'name') " +
        '(at Card (https://portal/assets/event-page-1a2b.js:1:2345))',
    );
  });

  it('writes what is not an Error as it is', () => {
    expect(buildAppErrorMessage('unhandled rejection', 'nope', '/')).toBe(
      'Application error (unhandled rejection) /: nope',
    );
    expect(buildAppErrorMessage('unhandled rejection', { code: 42 }, '/profile')).toBe(
      'Application error (unhandled rejection) /profile: {"code":42}',
    );
  });
});
