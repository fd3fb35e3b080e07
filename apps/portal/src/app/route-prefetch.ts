import { PORTAL_READY_EVENT } from './page-state';

/**
 * No prefetch starts sooner than this after the navigation started, by the page's own clock (`performance.now()`,
 * which counts from there): the first seconds of a page belong to the page, and a phone that is still taking it
 * over has no network or main thread to spare for pages nobody asked for.
 */
export const PREFETCH_NOT_BEFORE_MS = 5000;

/** The most likely next routes a page names (the route table's `next`): the server prefetches no more. */
export const MAX_NEXT_ROUTES = 2;

/**
 * Connections too slow to spend on a page nobody asked for, by the Network Information API's `effectiveType`
 * ('slow-3g' is no value of the standard, but some browsers and emulators report it).
 */
const SLOW_CONNECTIONS: ReadonlySet<string> = new Set(['slow-2g', '2g', 'slow-3g']);

/** What the browser tells of the visitor's connection (`navigator.connection`; Chromium only). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether the connection may carry prefetches: not when the visitor asked to save data, nor on a slow one. */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  return connection.saveData !== true && !SLOW_CONNECTIONS.has(connection.effectiveType ?? '');
}

const connectionOf = (): ConnectionHints | undefined =>
  (navigator as Navigator & { connection?: ConnectionHints }).connection;

/** Resolves once the app has taken the page over (`PortalFrame` marks the page and says so). */
function interactive(): Promise<void> {
  if (document.documentElement.dataset['portalReady'] !== undefined) return Promise.resolve();
  return new Promise((resolve) =>
    window.addEventListener(PORTAL_READY_EVENT, () => resolve(), { once: true }),
  );
}

/** Runs `run` when the browser is idle; a browser without `requestIdleCallback` (Safari) waits a moment instead. */
function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
  else window.setTimeout(run, 1500);
}

/**
 * Puts the files of the page's likely next routes (the route table's `next`, chosen by the server) in the HTTP
 * cache, without running them (`<link rel="prefetch">`), and only with manners: once the app has taken the page
 * over, no sooner than `PREFETCH_NOT_BEFORE_MS` after the navigation started, when the browser is idle, and never
 * on a connection the visitor saves data on or a slow one (asked at that moment: it may have changed). A link
 * pointed at, touched or focused still loads its page at once (`installRoutePreloading`).
 */
export function prefetchWhenIdle(files: readonly string[]): void {
  if (files.length === 0) return;
  void interactive().then(() => {
    const wait = Math.max(0, PREFETCH_NOT_BEFORE_MS - performance.now());
    window.setTimeout(() => {
      whenIdle(() => {
        if (prefetchAllowed(connectionOf())) insertPrefetchLinks(files);
      });
    }, wait);
  });
}

function insertPrefetchLinks(files: readonly string[]): void {
  // One insertion for all of them: the head is changed once.
  const links = document.createDocumentFragment();
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    // As the module loader will ask for it, so that the cached answer is the one it takes.
    link.crossOrigin = '';
    if (file.endsWith('.js')) link.as = 'script';
    else if (file.endsWith('.css')) link.as = 'style';
    links.append(link);
  }
  document.head.append(links);
}
