import { describe, expect, it } from 'vitest';
import {
  resolveGuard,
  returnAfterSignIn,
  type GuardSession,
  type RouteGuard,
  type VisitedPage,
} from './guards';

const guest: GuardSession = { authenticated: false, contractorType: null };
const athlete: GuardSession = { authenticated: true, contractorType: 'sportsman' };
const organization: GuardSession = { authenticated: true, contractorType: 'organization' };
const at = (pathname: string, params: Record<string, string> = {}) => ({ pathname, params });

describe('resolveGuard', () => {
  it.each<[RouteGuard, GuardSession, string]>([
    ['public', guest, 'allow'],
    ['public', athlete, 'allow'],
    ['guestOnly', guest, 'allow'],
    ['guestOnly', athlete, '/profile'],
    ['guestOnly', organization, '/profile'],
    ['protected', guest, '/'],
    ['protected', athlete, 'allow'],
    ['protected', organization, 'allow'],
    ['protectedToLogin', guest, '/login'],
    ['protectedToLogin', athlete, 'allow'],
    ['organizationOnly', guest, '/'],
    ['organizationOnly', athlete, '/'],
    ['organizationOnly', organization, 'allow'],
  ])('%s for %o → %s', (guard, session, expected) => {
    const verdict = resolveGuard(guard, session, at('/somewhere'));
    expect(verdict.kind === 'allow' ? 'allow' : verdict.to).toBe(expected);
  });

  it('lets a sign-in in progress finish on the guest-only page (choosing an account)', () => {
    expect(resolveGuard('guestOnly', { ...athlete, signingIn: true }, at('/login')).kind).toBe('allow');
  });

  it('remembers the requested page when sending a guest to login', () => {
    expect(
      resolveGuard('protectedToLogin', guest, { pathname: '/photo-video/7', search: '?tab=2', params: {} }),
    ).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberAs: '/photo-video/7?tab=2',
    });
  });

  it('sends a guest applying to a competition back to the event page after login', () => {
    const verdict = resolveGuard('protectedToLogin', guest, at('/apply/42', { id: '42' }), {
      returnTo: ({ params }) => `/competitions/${params['id']}`,
    });
    expect(verdict).toEqual({ kind: 'redirect', to: '/login', rememberAs: '/competitions/42' });
  });

  it('opens another profile for a guest but sends a guest away from their own', () => {
    expect(resolveGuard('profile', guest, at('/profile/77', { id: '77' })).kind).toBe('allow');
    expect(resolveGuard('profile', guest, at('/profile'))).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveGuard('profile', athlete, at('/profile')).kind).toBe('allow');
  });
});

describe('returnAfterSignIn', () => {
  const page = (path: string, guard: RouteGuard, url = path): VisitedPage => ({ path, guard, url });
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
