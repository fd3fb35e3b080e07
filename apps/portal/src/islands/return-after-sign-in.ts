import { storeReturnAfterSignIn } from '@fed/auth-session';
import type { IslandsPageState, RouteOfTable } from '../app/page-state';
import { returnAfterSignIn } from '../app/guards';
import { referrerOnThisSite } from '../app/referrer';

/**
 * Whether `pathname` is an address of the route table's `path` (`/profile/:id?`, `/apply/:id`, `*`), matched as the
 * router does for these shapes: a `:name` segment takes one segment, `:name?` one or none at the end. (The router
 * itself is not loaded on an islands page.)
 */
export function routePathMatches(path: string, pathname: string): boolean {
  if (path === '*') return true;
  const wanted = path.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (given.length > wanted.length) return false;
  return wanted.every((segment, index) => {
    const part = given[index];
    if (segment.startsWith(':')) return part !== undefined || segment.endsWith('?');
    return part === segment;
  });
}

/**
 * On a sign-in page taken over island by island: remembers the page the guest came from, or forgets an older
 * memory, as the app does on its own pages (`returnAfterSignIn`), from the referrer and the routes the page
 * carries (those the rule reads; any other page of the site is one whose memory is dropped).
 */
export function rememberWhereFrom(
  state: IslandsPageState,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  if (!state.routes) return;
  const referrer = referrerOnThisSite();
  if (!referrer) return;
  const route: RouteOfTable = state.routes.find(({ path }) => routePathMatches(path, referrer.pathname)) ?? {
    path: '*',
    guard: 'public',
  };
  const from = { ...route, url: `${referrer.pathname}${referrer.search}` };
  const to = {
    path: location.pathname,
    guard: 'guestOnly' as const,
    url: `${location.pathname}${location.search}`,
  };
  const memory = returnAfterSignIn(from, to, false);
  if (memory.kind === 'remember') storeReturnAfterSignIn(memory.to);
  if (memory.kind === 'forget') storeReturnAfterSignIn(null);
}
