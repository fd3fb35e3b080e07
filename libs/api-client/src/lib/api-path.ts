/**
 * A site-root path as the contracts spell it (`/api/auth/Refresh`) in the form every request of the base query
 * takes, relative to its base URL (`api/auth/Refresh`), so the failure reports name calls alike.
 */
export function apiPath(sitePath: string): string {
  return sitePath.replace(/^\/+/, '');
}
