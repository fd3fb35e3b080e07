import { matchPath } from 'react-router-dom';
import type { PortalRoute } from './routes';

/** At most this many route chunks download at once (spec §9). */
export const PRELOAD_CONCURRENCY = 4;

export interface RoutePreloader {
  /** Starts loading the chunk of the page at `pathname`, if it has one and it is not loaded yet. */
  preload(pathname: string): void;
}

/**
 * Loads route chunks ahead of navigation. `import()` caches modules, so a preloaded page renders without
 * waiting; a queue keeps downloads at `concurrency`, and each chunk is asked for once. Only what a visitor is
 * about to open is loaded: every chunk `import()`s is also run, which a phone pays for in main-thread time (the
 * likely next routes of a page the server rendered are only fetched into the cache, `route-prefetch.ts`).
 */
export function createRoutePreloader(
  routes: readonly PortalRoute[],
  concurrency = PRELOAD_CONCURRENCY,
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

  return {
    preload(pathname) {
      enqueue(routes.find((route) => route.path !== '*' && matchPath(route.path, pathname)));
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
