import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_READY_EVENT } from './page-state';
import { MAX_NEXT_ROUTES, PREFETCH_NOT_BEFORE_MS, prefetchAllowed, prefetchWhenIdle } from './route-prefetch';
import { portalRoutes } from './routes';

const FILES = ['/assets/events-page-a1.js', '/assets/events-page-b2.css'];

const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({
    href: link.getAttribute('href'),
    as: link.as,
  }));

function stubConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

/** The app takes the page over: what `PortalFrame` does once it has rendered. */
function takeOver() {
  document.documentElement.dataset['portalReady'] = '';
  window.dispatchEvent(new Event(PORTAL_READY_EVENT));
}

describe('prefetching the likely next routes', () => {
  /** The idle callbacks the page asked for, run when a test says the browser is idle. */
  let idleCallbacks: Array<() => void>;
  const becomeIdle = () => idleCallbacks.splice(0).forEach((run) => run());

  beforeEach(() => {
    // performance.now() counts from here, as the page's clock counts from the navigation's start.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    idleCallbacks = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((run: () => void) => {
        idleCallbacks.push(run);
        return idleCallbacks.length;
      }),
    );
    stubConnection(undefined);
    document.head.innerHTML = '';
    delete document.documentElement.dataset['portalReady'];
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    stubConnection(undefined);
  });

  it('waits for the app to take the page over, for 5 s after the navigation and for an idle moment', async () => {
    prefetchWhenIdle(FILES);
    await vi.advanceTimersByTimeAsync(PREFETCH_NOT_BEFORE_MS + 1000);
    becomeIdle();
    // Idle and late enough, but the page is not the app's yet.
    expect(prefetched()).toEqual([]);

    takeOver();
    await vi.advanceTimersByTimeAsync(0);
    // Past the 5 s already: only the idle moment is waited for.
    expect(prefetched()).toEqual([]);
    becomeIdle();
    expect(prefetched()).toEqual([
      { href: FILES[0], as: 'script' },
      { href: FILES[1], as: 'style' },
    ]);
  });

  it('never starts within the first 5 s, even when the app is there and the browser idle at once', async () => {
    takeOver();
    prefetchWhenIdle(FILES);
    await vi.advanceTimersByTimeAsync(PREFETCH_NOT_BEFORE_MS - 1);
    becomeIdle();
    expect(window.requestIdleCallback).not.toHaveBeenCalled();
    expect(prefetched()).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(window.requestIdleCallback).toHaveBeenCalledTimes(1);
    becomeIdle();
    expect(prefetched()).toHaveLength(2);
  });

  it('prefetches nothing when the visitor saves data or the connection is slow, asked when the time comes', async () => {
    takeOver();
    stubConnection({ effectiveType: '4g' });
    prefetchWhenIdle(FILES);
    // The visitor turns data saving on meanwhile.
    stubConnection({ effectiveType: '4g', saveData: true });
    await vi.advanceTimersByTimeAsync(PREFETCH_NOT_BEFORE_MS);
    becomeIdle();
    expect(prefetched()).toEqual([]);
  });

  it('tells which connections may carry prefetches', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-3g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('waits a moment where the browser has no idle callback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    takeOver();
    prefetchWhenIdle(FILES);
    await vi.advanceTimersByTimeAsync(PREFETCH_NOT_BEFORE_MS);
    expect(prefetched()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(prefetched()).toHaveLength(2);
  });
});

describe("the route table's likely next routes", () => {
  it('names at most two a page, each a route with a page of its own', () => {
    const named = portalRoutes.filter((route) => route.next !== undefined);
    expect(named.length).toBeGreaterThan(0);
    for (const route of named) {
      expect(route.next?.length, route.path).toBeLessThanOrEqual(MAX_NEXT_ROUTES);
      for (const path of route.next ?? []) {
        expect(
          portalRoutes.find((candidate) => candidate.path === path)?.load,
          `${route.path} → ${path}`,
        ).toBeDefined();
      }
    }
  });
});
