import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_POLL_INTERVAL_MS } from '@fed/contracts';
import {
  fetchLatestBuildId,
  isChunkLoadError,
  recoverFromChunkError,
  reloadOnce,
  RELOAD_GUARD_TTL_MS,
  watchForNewBuild,
} from './build-watch';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('build watch', () => {
  afterEach(() => vi.useRealTimers());

  it('recognises the browsers’ chunk-load errors and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once for a new build, and not again within the guard ttl', () => {
    let now = 1_000_000;
    const reload = vi.fn();
    const deps = { storage: memoryStorage(), now: () => now, reload };
    expect(reloadOnce(deps)).toBe(true);
    now += RELOAD_GUARD_TTL_MS - 1;
    expect(reloadOnce(deps)).toBe(false);
    now += 2;
    expect(reloadOnce(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('after a chunk error reloads only when a newer build is served', async () => {
    const reload = vi.fn();
    const base = { storage: memoryStorage(), now: () => 5_000_000, reload, currentBuildId: 'b-1' };
    expect(await recoverFromChunkError({ ...base, fetchLatest: async () => 'b-1' })).toBe(false);
    expect(await recoverFromChunkError({ ...base, fetchLatest: async () => null })).toBe(false);
    expect(await recoverFromChunkError({ ...base, fetchLatest: async () => 'b-2' })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reads the build id from builds/latest.json without the cache', async () => {
    const fetchFn = vi.fn(
      async () => new Response(JSON.stringify({ buildId: 'b-9', builtAt: '2026-11-22T03:00:00Z' })),
    );
    expect(await fetchLatestBuildId(fetchFn as unknown as typeof fetch)).toBe('b-9');
    expect(fetchFn).toHaveBeenCalledWith('/builds/latest.json', { cache: 'no-store' });
    const failing = vi.fn(async () => new Response('nope', { status: 404 }));
    expect(await fetchLatestBuildId(failing as unknown as typeof fetch)).toBeNull();
  });

  it('polls and announces a new build once', async () => {
    vi.useFakeTimers();
    let served = 'b-1';
    const onNewBuild = vi.fn();
    const stop = watchForNewBuild(
      { currentBuildId: 'b-1', fetchLatest: async () => served },
      onNewBuild,
      1000,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(onNewBuild).not.toHaveBeenCalled();
    served = 'b-2';
    await vi.advanceTimersByTimeAsync(3000);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledWith('b-2');
    stop();
  });

  it('checks at once when the page comes back to the foreground, and not while it is hidden', async () => {
    vi.useFakeTimers();
    const document = Object.assign(new EventTarget(), {
      visibilityState: 'visible' as DocumentVisibilityState,
    });
    const window = new EventTarget();
    const fetchLatest = vi.fn(async () => 'b-2');
    const onNewBuild = vi.fn();
    const stop = watchForNewBuild({ currentBuildId: 'b-1', fetchLatest }, onNewBuild, 60_000, {
      document,
      window,
    });

    document.visibilityState = 'hidden';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchLatest).not.toHaveBeenCalled();

    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onNewBuild).toHaveBeenCalledWith('b-2');

    // Told once: the next poll and focus ask nothing more.
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    stop();
  });

  it('checks when the window is focused again, and never after it is stopped', async () => {
    vi.useFakeTimers();
    const document = Object.assign(new EventTarget(), {
      visibilityState: 'visible' as DocumentVisibilityState,
    });
    const window = new EventTarget();
    let served = 'b-1';
    const fetchLatest = vi.fn(async () => served);
    const onNewBuild = vi.fn();
    const stop = watchForNewBuild({ currentBuildId: 'b-1', fetchLatest }, onNewBuild, 60_000, {
      document,
      window,
    });
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();

    stop();
    served = 'b-2';
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();
  });
});
