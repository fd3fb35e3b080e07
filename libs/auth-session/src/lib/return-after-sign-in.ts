import { createContext } from 'react';
import { storeReturnAfterSignIn } from '../model/return-memory';

/** The pages a guest signs in (or up) on: whatever page was remembered, they go there after (spec §2). */
export const SIGN_IN_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/register',
  '/register-org',
  '/login-change',
]);

/** A route of the portal's table as the rule reads it: its path (`/profile/:id?`) and its guard's name. */
export interface RouteOfTable {
  path: string;
  guard: string;
}

/** A page as shown: its route (the table's path and guard) and its address. */
export interface VisitedPage extends RouteOfTable {
  /** Path and query, as the address bar has them. */
  url: string;
}

/** What the memory of where to go after signing in becomes as a guest moves between pages. */
export type ReturnMemory = { kind: 'keep' } | { kind: 'forget' } | { kind: 'remember'; to: string };

const keep: ReturnMemory = { kind: 'keep' };

/**
 * Spec §2: "When the user comes from a profile page, the previous route is remembered and used after login".
 * A guest going to the sign-in pages from a profile page (someone's /profile/{id}, the menus' «Федерация»)
 * has it remembered. From a page whose guard sent the guest to log in, that guard's memory stands; from any other
 * page, an older memory is dropped, so that a guest who looked at a profile, went on elsewhere and signs in from
 * there is not taken back to the profile. Between the sign-in pages, and for someone signed in, nothing changes.
 */
export function returnAfterSignIn(
  from: VisitedPage | null,
  to: VisitedPage,
  authenticated: boolean,
): ReturnMemory {
  if (authenticated || !from || !SIGN_IN_PATHS.has(to.path) || SIGN_IN_PATHS.has(from.path)) return keep;
  if (from.guard === 'profile') return { kind: 'remember', to: from.url };
  if (from.guard === 'protectedToLogin') return keep;
  return { kind: 'forget' };
}

/** Whether a route's guard or path is one `returnAfterSignIn` reads: any other page drops the memory alike. */
export const decidesReturn = ({ path, guard }: RouteOfTable) =>
  guard === 'profile' || guard === 'protectedToLogin' || SIGN_IN_PATHS.has(path);

/**
 * The address on this site the browser came from to the first page of this load, by a link: a link followed
 * before the app (or a page's islands) had taken a server-rendered page over is a whole page load, and the referrer
 * is then all that tells where from. A reload (or a step back) came from nowhere new: `null`.
 */
export function referrerOnThisSite(): URL | null {
  if (!document.referrer) return null;
  const [load] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (load?.type !== 'navigate') return null;
  const referrer = new URL(document.referrer);
  return referrer.origin === window.location.origin ? referrer : null;
}

/**
 * Whether `pathname` is an address of the route table's `path` (`/profile/:id?`, `/apply/:id`, `*`), matched as the
 * router does for these shapes: a `:name` segment takes one segment, `:name?` one or none at the end. (An island
 * has no router.)
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
 * The routes a sign-in page taken over by islands learns where its visitor came from by (`decidesReturn`): the
 * server's rendering provides them, the sign-in's island gets them in its props. The app does not read them: its
 * router remembers with the whole route table.
 */
export const ReturnRoutesContext = createContext<RouteOfTable[] | undefined>(undefined);

/**
 * On a sign-in page without the app: remembers the page the guest came from, or forgets an older memory, as the
 * app does on its own pages (`returnAfterSignIn`), from the referrer and the routes that decide it (any other page
 * of the site is one whose memory is dropped).
 */
export function rememberWhereFrom(
  routes: readonly RouteOfTable[],
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  const referrer = referrerOnThisSite();
  if (!referrer) return;
  const route = routes.find(({ path }) => routePathMatches(path, referrer.pathname)) ?? {
    path: '*',
    guard: 'public',
  };
  const from = { ...route, url: `${referrer.pathname}${referrer.search}` };
  const to = { path: location.pathname, guard: 'guestOnly', url: `${location.pathname}${location.search}` };
  const memory = returnAfterSignIn(from, to, false);
  if (memory.kind === 'remember') storeReturnAfterSignIn(memory.to);
  if (memory.kind === 'forget') storeReturnAfterSignIn(null);
}
