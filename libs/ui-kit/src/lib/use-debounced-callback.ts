import { useEffect, useMemo, useRef } from 'react';

export interface DebouncedCallback<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel: () => void;
  /** Runs a pending call now. */
  flush: () => void;
}

/**
 * `callback` delayed until `delay` ms pass without a new call. The latest callback is always the one
 * run, so callers need not memoize it; a pending call is dropped on unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delay: number,
): DebouncedCallback<A> {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });

  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: A | undefined;
    const run = () => {
      clearTimeout(timer);
      timer = undefined;
      const args = pending;
      pending = undefined;
      if (args) latest.current(...args);
    };
    const call = (...args: A) => {
      pending = args;
      clearTimeout(timer);
      timer = setTimeout(run, delay);
    };
    call.cancel = () => {
      clearTimeout(timer);
      pending = undefined;
    };
    call.flush = run;
    return call;
  }, [delay]);

  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
