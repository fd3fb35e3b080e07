import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadedSession } from '../model/session-store';
import { rememberWhereFrom, routePathMatches } from './return-after-sign-in';

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
