import { afterEach, describe, expect, it, vi } from 'vitest';
import { installErrorReporting, type ReportedWindow } from './error-reporting';

/** A window of its own: the test runner's listens for the same events. */
function fakeWindow(pathname = '/profile'): ReportedWindow & EventTarget {
  return Object.assign(new EventTarget(), { location: { pathname } });
}

const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });
const uncaught = (error: unknown) => Object.assign(new Event('error'), { error });

describe('installErrorReporting', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  function install(target = fakeWindow()) {
    const report = vi.fn<(message: string) => void>();
    stops.push(installErrorReporting(target, report));
    return { target, report };
  }

  it('reports an unhandled rejection with the page it happened on', () => {
    const { target, report } = install();
    target.dispatchEvent(rejection(new RangeError('Invalid time value')));
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]?.[0]).toMatch(
      /^Application error \(unhandled rejection\) \/profile: RangeError: Invalid time value/,
    );
  });

  it('reports an error thrown out of a handler', () => {
    const { target, report } = install(fakeWindow('/competitions'));
    target.dispatchEvent(uncaught(new TypeError('x is not a function')));
    expect(report.mock.calls[0]?.[0]).toMatch(
      /^Application error \(uncaught error\) \/competitions: TypeError: x is not a function/,
    );
  });

  it('does not report an abort, a failed call the client reported, or a nameless cross-origin error', () => {
    const { target, report } = install();
    const controller = new AbortController();
    controller.abort();
    target.dispatchEvent(rejection(controller.signal.reason));
    target.dispatchEvent(rejection(new DOMException('The upload was aborted', 'AbortError')));
    target.dispatchEvent(rejection({ status: 409, data: { message: 'Уже оплачено' } }));
    target.dispatchEvent(rejection({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }));
    target.dispatchEvent(
      rejection(
        new Error('429 POST api/dadata/address: Слишком много', { cause: { status: 429, data: {} } }),
      ),
    );
    target.dispatchEvent(uncaught(null));
    expect(report).not.toHaveBeenCalled();
  });

  it('stops reporting once stopped', () => {
    const target = fakeWindow();
    const report = vi.fn();
    installErrorReporting(target, report)();
    target.dispatchEvent(rejection(new Error('late')));
    expect(report).not.toHaveBeenCalled();
  });
});
