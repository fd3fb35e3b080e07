import { LATEST_BUILD_PATH } from '@fed/contracts';

/** A reload is not repeated within this window, so a broken deployment cannot loop the page (spec §9). */
export const RELOAD_GUARD_TTL_MS = 10_000;
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;
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

/**
 * Polls the build id while the page is open and when it comes back to the foreground, and tells when a
 * newer build is served. Returns a stop function.
 */
export function watchForNewBuild(
  deps: Pick<BuildWatchDeps, 'fetchLatest' | 'currentBuildId'>,
  onNewBuild: (buildId: string) => void,
  intervalMs = BUILD_POLL_INTERVAL_MS,
): () => void {
  let announced = false;
  const check = async () => {
    if (announced) return;
    const latest = await deps.fetchLatest();
    if (latest !== null && latest !== deps.currentBuildId) {
      announced = true;
      onNewBuild(latest);
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  const onVisible = () => document.visibilityState === 'visible' && void check();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
