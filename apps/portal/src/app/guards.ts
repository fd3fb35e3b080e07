import type { ContractorType } from '@fed/contracts';

/**
 * Who may open a route (spec §2 "General access rules", architecture §5):
 * - `public`: anyone;
 * - `guestOnly`: the spec's "not protected" routes — a signed-in user goes to /profile;
 * - `protected`: a guest goes to /;
 * - `protectedToLogin`: a guest goes to /login and comes back afterwards;
 * - `organizationOnly`: anyone but an organization goes to /;
 * - `profile`: /profile without an id needs a current user, else /.
 */
export type RouteGuard =
  'public' | 'guestOnly' | 'protected' | 'protectedToLogin' | 'organizationOnly' | 'profile';

export interface GuardSession {
  authenticated: boolean;
  contractorType: ContractorType | null;
  /** Tokens are in but the sign-in pages are still finishing (choosing an account). */
  signingIn?: boolean;
}

export interface GuardLocation {
  pathname: string;
  search?: string;
  params: Readonly<Record<string, string | undefined>>;
}

export type GuardVerdict =
  | { kind: 'allow' }
  /** `rememberAs`: where to return after signing in. */
  | { kind: 'redirect'; to: string; rememberAs?: string };

const allow: GuardVerdict = { kind: 'allow' };

export interface GuardOptions {
  /** Where a guest returns after login; the requested page by default. */
  returnTo?: (location: GuardLocation) => string;
}

export function resolveGuard(
  guard: RouteGuard,
  session: GuardSession,
  location: GuardLocation,
  options: GuardOptions = {},
): GuardVerdict {
  switch (guard) {
    case 'public':
      return allow;
    case 'guestOnly':
      return session.authenticated && !session.signingIn ? { kind: 'redirect', to: '/profile' } : allow;
    case 'protected':
      return session.authenticated ? allow : { kind: 'redirect', to: '/' };
    case 'protectedToLogin': {
      if (session.authenticated) return allow;
      const rememberAs = options.returnTo?.(location) ?? `${location.pathname}${location.search ?? ''}`;
      return { kind: 'redirect', to: '/login', rememberAs };
    }
    case 'organizationOnly':
      return session.authenticated && session.contractorType === 'organization'
        ? allow
        : { kind: 'redirect', to: '/' };
    case 'profile':
      return location.params['id'] || session.authenticated ? allow : { kind: 'redirect', to: '/' };
  }
}
