import { BUILD_POLL_INTERVAL_MS, LATEST_BUILD_PATH } from '@fed/contracts';

/** A reload is not repeated within this window, so a broken deployment cannot loop the page (spec §9). */
export const RELOAD_GUARD_TTL_MS = 10_000;
const RELOAD_GUARD_KEY = 'fed.reloadedForBuildAt';

/** The id of the build this page runs, compiled in by the build. */
export const currentBuildId: string = import.meta.env['VITE_BUILD_ID'] ?? 'development';

/** Browsers word a failed dynamic import differently; these are the messages of Chromium, Firefox and Safari. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

export async function fetchLatestBuildId(fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchFn(`/${LATEST_BUILD_PATH}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'buildId' in body && typeof body.buildId === 'string'
      ? body.buildId
      : null;
  } catch {
    return null;
  }
}

export interface ReloadGuardDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  reload: () => void;
}

/** Reloads unless the page already reloaded for a new build within the guard's ttl. Answers whether it did. */
export function reloadOnce({ storage, now, reload }: ReloadGuardDeps): boolean {
  const last = Number(storage?.getItem(RELOAD_GUARD_KEY) ?? 0);
  if (now() - last < RELOAD_GUARD_TTL_MS) return false;
  storage?.setItem(RELOAD_GUARD_KEY, String(now()));
  reload();
  return true;
}

export interface BuildWatchDeps extends ReloadGuardDeps {
  fetchLatest: () => Promise<string | null>;
  currentBuildId: string;
}

/**
 * After a chunk failed to load: when a newer build is served, the chunk's old name is gone — reload once onto
 * the new build. Answers false when it did not reload (same build: a real error the error view shows).
 */
export async function recoverFromChunkError(deps: BuildWatchDeps): Promise<boolean> {
  const latest = await deps.fetchLatest();
  if (latest === null || latest === deps.currentBuildId) return false;
  return reloadOnce(deps);
}

/** Where a watch looks for the page coming back to the foreground: the page's document and window. */
export interface ForegroundTarget {
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Polls the build id every `intervalMs` while the page is open and each time it comes back to the foreground
 * (the tab shown again, the window focused), and tells once when a different build is served. A hidden tab is
 * not polled: coming back checks at once. Timers are the page's own (`setInterval`), so a test's fake clock
 * drives them. Returns a stop function.
 */
export function watchForNewBuild(
  deps: Pick<BuildWatchDeps, 'fetchLatest' | 'currentBuildId'>,
  onNewBuild: (buildId: string) => void,
  intervalMs = BUILD_POLL_INTERVAL_MS,
  target: ForegroundTarget = globalThis,
): () => void {
  let announced = false;
  let checking = false;
  let stopped = false;
  const check = async () => {
    if (announced || checking || target.document.visibilityState === 'hidden') return;
    checking = true;
    try {
      const latest = await deps.fetchLatest();
      if (!stopped && !announced && latest !== null && latest !== deps.currentBuildId) {
        announced = true;
        onNewBuild(latest);
      }
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  const onForeground = () => void check();
  target.document.addEventListener('visibilitychange', onForeground);
  target.window.addEventListener('focus', onForeground);
  return () => {
    stopped = true;
    clearInterval(timer);
    target.document.removeEventListener('visibilitychange', onForeground);
    target.window.removeEventListener('focus', onForeground);
  };
}

/**
 * The portal's watch over the build it runs (spec §4): polls `builds/latest.json` and tells once when another
 * build is served. A development server serves no build id: nothing to watch there.
 */
export function watchServedBuild(onNewBuild: (buildId: string) => void): () => void {
  if (currentBuildId === 'development') return () => undefined;
  return watchForNewBuild({ currentBuildId, fetchLatest: () => fetchLatestBuildId() }, onNewBuild);
}
