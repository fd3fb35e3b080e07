import { matchPath } from 'react-router-dom';
import type { PortalRoute } from './routes';

/** At most this many route chunks download at once (spec §9). */
export const PRELOAD_CONCURRENCY = 4;

export interface RoutePreloader {
  /** Starts loading the chunk of the page at `pathname`, if it has one and it is not loaded yet. */
  preload(pathname: string): void;
  /**
   * Queues, for when the browser is idle, the chunks of the routes a visitor of the page at `pathname` likely
   * opens next (the route table's `next`).
   */
  preloadNext(pathname: string): void;
}

type IdleScheduler = (callback: () => void) => void;

const whenIdle: IdleScheduler = (callback) =>
  (globalThis.requestIdleCallback ?? ((run: () => void) => globalThis.setTimeout(run, 1500)))(callback);

/**
 * Loads route chunks ahead of navigation. `import()` caches modules, so a preloaded page renders without
 * waiting; a queue keeps downloads at `concurrency`, and each chunk is asked for once. Only what a visitor is
 * about to open is loaded: every chunk `import()`s is also run, which a phone pays for in main-thread time.
 */
export function createRoutePreloader(
  routes: readonly PortalRoute[],
  concurrency = PRELOAD_CONCURRENCY,
  idle: IdleScheduler = whenIdle,
): RoutePreloader {
  const requested = new Set<PortalRoute>();
  const queue: PortalRoute[] = [];
  let running = 0;

  const pump = () => {
    while (running < concurrency && queue.length > 0) {
      const route = queue.shift();
      if (!route?.load) continue;
      running += 1;
      route
        .load()
        .catch(() => undefined) // a failed preload is retried by the real navigation
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  };

  const enqueue = (route: PortalRoute | undefined) => {
    if (!route?.load || requested.has(route)) return;
    requested.add(route);
    queue.push(route);
    pump();
  };

  const routeAt = (pathname: string) =>
    routes.find((route) => route.path !== '*' && matchPath(route.path, pathname));

  return {
    preload(pathname) {
      enqueue(routeAt(pathname));
    },
    preloadNext(pathname) {
      const next = routeAt(pathname)?.next ?? [];
      if (next.length === 0) return;
      idle(() => next.forEach((path) => enqueue(routes.find((route) => route.path === path))));
    },
  };
}

/**
 * Preloads a page when a link to it is pointed at, touched or focused: the moment before a click. Returns a
 * function that removes the listeners.
 */
export function installRoutePreloading(
  preloader: Pick<RoutePreloader, 'preload'>,
  target: Document = document,
): () => void {
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) return;
    preloader.preload(anchor.pathname);
  };
  const events = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const type of events) target.addEventListener(type, onIntent, { passive: true });
  return () => {
    for (const type of events) target.removeEventListener(type, onIntent);
  };
}
