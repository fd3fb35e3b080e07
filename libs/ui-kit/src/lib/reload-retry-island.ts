/**
 * The island of a failed read on a guest's islands page (`FailedRead`), by name and loader: apart from the
 * component, so that the islands entry that registers it takes neither the error state nor the island code.
 */
export const RELOAD_RETRY_ISLAND = 'reload-retry';

export const loadReloadRetryIsland = () => import('./reload-retry').then((m) => m.ReloadRetry);
