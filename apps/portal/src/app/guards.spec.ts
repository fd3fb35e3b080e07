import { describe, expect, it } from 'vitest';
import { resolveGuard, type GuardSession, type RouteGuard } from './guards';

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
