import type { Clock } from '@fed/calendar';

/** The counter's script; the CSP allows this host only when an analytics id is configured. */
export const ANALYTICS_SCRIPT_URL = 'https://mc.yandex.ru/metrika/tag.js';

type CounterCall = (id: number, method: string, ...args: unknown[]) => void;
type CounterQueue = CounterCall & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: CounterQueue;
  }
}

/** What the counter tracks (spec §1): clicks, outbound links, accurate bounce, session replay; production. */
export const ANALYTICS_OPTIONS = {
  clickmap: true,
  trackLinks: true,
  accurateTrackBounce: true,
  webvisor: true,
  params: { environment: 'production' },
} as const;

/**
 * Loads the analytics tag when a counter id is configured, and answers a function that reports a page view
 * for client-side navigation; without an id nothing is loaded and page views go nowhere. The counter's queue is
 * stamped with the clock's now, as the counter's own snippet stamps it.
 */
export function installAnalytics(
  analyticsId: string | null,
  clock: Clock,
  target: Document = document,
): (url: string) => void {
  const counterId = Number(analyticsId);
  if (!analyticsId || !Number.isInteger(counterId) || counterId <= 0) return () => undefined;

  // Calls made before the script arrives wait in the queue the script drains on load.
  const queue: CounterQueue = Object.assign(
    (...args: Parameters<CounterCall>) => {
      (queue.a ??= []).push(args);
    },
    { l: clock.now() },
  );
  window.ym ??= queue;

  const script = target.createElement('script');
  script.async = true;
  script.src = ANALYTICS_SCRIPT_URL;
  target.head.appendChild(script);

  window.ym(counterId, 'init', ANALYTICS_OPTIONS);
  return (url) => window.ym?.(counterId, 'hit', url);
}
