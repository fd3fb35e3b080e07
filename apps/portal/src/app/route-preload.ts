import { matchPath } from 'react-router-dom';
import type { PortalRoute } from './routes';

/** At most this many route chunks download at once (spec §9). */
export const PRELOAD_CONCURRENCY = 4;

export interface RoutePreloader {
  /** Starts loading the chunk of the page at `pathname`, if it has one and it is not loaded yet. */
  preload(pathname: string): void;
  /** Queues every page's chunk. */
  preloadAll(): void;
}

/**
 * Loads route chunks ahead of navigation. `import()` caches modules, so a preloaded page renders without
 * waiting; a queue keeps downloads at `concurrency`, and each chunk is asked for once.
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
    preloadAll() {
      routes.forEach(enqueue);
    },
  };
}

/**
 * Preloads a page when a link to it is hovered or focused, and every page once the browser is idle after
 * the first load. Returns a function that removes the listeners.
 */
export function installRoutePreloading(preloader: RoutePreloader, target: Document = document): () => void {
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) return;
    preloader.preload(anchor.pathname);
  };
  target.addEventListener('pointerover', onIntent, { passive: true });
  target.addEventListener('focusin', onIntent);

  let idleHandle: number | undefined;
  const whenIdle = () => {
    const schedule =
      window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    idleHandle = schedule(() => preloader.preloadAll());
  };
  if (target.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });

  return () => {
    target.removeEventListener('pointerover', onIntent);
    target.removeEventListener('focusin', onIntent);
    window.removeEventListener('load', whenIdle);
    if (idleHandle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleHandle);
  };
}
