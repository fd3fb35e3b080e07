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

/** The pages a guest signs in (or up) on: whatever page was remembered, they go there after (spec §2). */
export const SIGN_IN_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/register',
  '/register-org',
  '/login-change',
]);

/** A page as shown: its route (the table's path and guard) and its address. */
export interface VisitedPage {
  path: string;
  guard: RouteGuard;
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
