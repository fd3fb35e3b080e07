/**
 * A site-root path as the contracts spell it (`/api/auth/Refresh`) relative to the base query's base URL
 * (`api/auth/Refresh`), as its own calls and its failure reports take it.
 */
export function apiPath(sitePath: string): string {
  return sitePath.replace(/^\/+/, '');
}
