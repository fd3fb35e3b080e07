import { buildAppErrorMessage, isAbortError, isCallFailure } from '@fed/api-client';

/** The page's window, as far as the reports need it. */
export type ReportedWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'pathname'>;
};

/**
 * Reports what the portal threw and nothing caught (spec §8 "Application errors are logged with the user id"):
 * a rejected promise nobody handled, an error thrown out of a handler. Not reported: an abort (a navigation away
 * is no failure), a failed call (the client reported it when it failed), and the nameless "Script error." of
 * a script from another origin. Returns a stop function.
 */
export function installErrorReporting(target: ReportedWindow, report: (message: string) => void): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    if (isAbortError(reason) || isCallFailure(reason)) return;
    report(buildAppErrorMessage('unhandled rejection', reason, target.location.pathname));
  };
  const onError = (event: ErrorEvent) => {
    const error: unknown = event.error;
    if (error === null || error === undefined || isAbortError(error)) return;
    report(buildAppErrorMessage('uncaught error', error, target.location.pathname));
  };
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}
