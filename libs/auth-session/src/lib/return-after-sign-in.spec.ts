import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadedSession } from '../model/session-store';
import {
  rememberWhereFrom,
  returnAfterSignIn,
  routePathMatches,
  type VisitedPage,
} from './return-after-sign-in';

const routes = [
  { path: '/profile/:id?', guard: 'profile' },
  { path: '/apply/:id', guard: 'protectedToLogin' },
  { path: '/login', guard: 'guestOnly' },
  { path: '/register', guard: 'public' },
];

/** A page load of /login by a link from `referrer` (a path on this site, or another site's address). */
function cameFrom(referrer: string, type: NavigationTimingType = 'navigate') {
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(new URL(referrer, location.origin).href);
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
}

const signInPage = { pathname: '/login', search: '' };

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('where a guest came from to a sign-in page taken over by islands', () => {
  it('matches the route table’s shapes as the router does', () => {
    expect(routePathMatches('/profile/:id?', '/profile/abc')).toBe(true);
    expect(routePathMatches('/profile/:id?', '/profile')).toBe(true);
    expect(routePathMatches('/profile/:id?', '/profile/abc/edit')).toBe(false);
    expect(routePathMatches('/apply/:id', '/apply')).toBe(false);
    expect(routePathMatches('/apply/:id', '/apply/42')).toBe(true);
    expect(routePathMatches('/login', '/login-change')).toBe(false);
    expect(routePathMatches('*', '/anything/at/all')).toBe(true);
  });

  it('remembers a profile page, query and all', () => {
    cameFrom('/profile/club-1?tab=events');
    rememberWhereFrom(routes, signInPage);
    expect(preloadedSession().redirectTo).toBe('/profile/club-1?tab=events');
  });

  it('drops an older memory when the guest came from any other page, and keeps it from a sign-in page', () => {
    cameFrom('/profile/club-1');
    rememberWhereFrom(routes, signInPage);
    cameFrom('/register');
    rememberWhereFrom(routes, signInPage);
    expect(preloadedSession().redirectTo).toBe('/profile/club-1');
    cameFrom('/competitions');
    rememberWhereFrom(routes, signInPage);
    expect(preloadedSession().redirectTo).toBeNull();
  });

  it('leaves the memory alone on a reload, from another site, and on a page that is no sign-in page', () => {
    cameFrom('/profile/club-1');
    rememberWhereFrom(routes, signInPage);
    cameFrom('/competitions', 'reload');
    rememberWhereFrom(routes, signInPage);
    cameFrom('https://elsewhere.example/page');
    rememberWhereFrom(routes, signInPage);
    cameFrom('/competitions');
    rememberWhereFrom(routes, { pathname: '/sportsmen', search: '' });
    expect(preloadedSession().redirectTo).toBe('/profile/club-1');
  });
});

describe('returnAfterSignIn', () => {
  const page = (path: string, guard: string, url = path): VisitedPage => ({ path, guard, url });
  const profile = page('/profile/:id?', 'profile', '/profile/club-1?tab=athletes');
  const login = page('/login', 'guestOnly');
  const register = page('/register', 'public');

  it('remembers the profile page a guest goes to sign in or register from, with its query', () => {
    for (const to of [login, register, page('/register-org', 'public')]) {
      expect(returnAfterSignIn(profile, to, false)).toEqual({
        kind: 'remember',
        to: '/profile/club-1?tab=athletes',
      });
    }
  });

  it('keeps the memory between the sign-in pages, and on the first page of a visit (a reload)', () => {
    expect(returnAfterSignIn(login, register, false)).toEqual({ kind: 'keep' });
    expect(returnAfterSignIn(page('/login-change', 'guestOnly'), login, false)).toEqual({ kind: 'keep' });
    expect(returnAfterSignIn(null, login, false)).toEqual({ kind: 'keep' });
  });

  it('keeps what the guard of a page that sent the guest to log in remembered', () => {
    expect(returnAfterSignIn(page('/apply/:id', 'protectedToLogin', '/apply/42'), login, false)).toEqual({
      kind: 'keep',
    });
  });

  it('forgets an older memory when a guest goes to sign in from any other page', () => {
    expect(returnAfterSignIn(page('/competitions/:id', 'public', '/competitions/7'), login, false)).toEqual({
      kind: 'forget',
    });
    expect(returnAfterSignIn(page('/', 'guestOnly'), login, false)).toEqual({ kind: 'forget' });
  });

  it('changes nothing on the way to other pages, or for someone signed in', () => {
    expect(returnAfterSignIn(profile, page('/competitions', 'public'), false)).toEqual({ kind: 'keep' });
    expect(returnAfterSignIn(profile, register, true)).toEqual({ kind: 'keep' });
  });
});
