/*
 * Plain constants, apart from the schemas of `auth-requests.ts`: the portal's base query builds the refresh
 * call and the `userId` header with them on every page and must not ship zod for that.
 */

/** The auth endpoints, each named once: `POST|GET /api/auth/{name}`. */
const authEndpoints = [
  'LoginUser',
  'LoginUserConfirm',
  'RegisterUser',
  'RegisterOrganization',
  'RegisterUserConfirm',
  'Refresh',
  'Logout',
  'AddUserRole',
  'AddAccount',
  'SwitchAccount',
  'LinkedAccounts',
  'ChangePhone',
  'ChangePhoneConfirm',
  'PhoneStatus',
] as const;
export type AuthEndpoint = (typeof authEndpoints)[number];

/** The path of an auth endpoint, relative to the site root: `authPath('Refresh')` is `/api/auth/Refresh`. */
export function authPath<Name extends AuthEndpoint>(name: Name): `/api/auth/${Name}` {
  return `/api/auth/${name}`;
}

type AuthPaths = { readonly [Name in AuthEndpoint as Uncapitalize<Name>]: `/api/auth/${Name}` };

function authPathsByName(): AuthPaths {
  const entries = authEndpoints.map((name) => [name.charAt(0).toLowerCase() + name.slice(1), authPath(name)]);
  return Object.fromEntries(entries) as AuthPaths;
}

/**
 * Every auth endpoint's path by its camelCase name (`authPaths.loginUser`), for the server's routes. Built by a
 * call marked pure: the portal calls `authPath` and does not ship the table.
 */
export const authPaths = /* @__PURE__ */ authPathsByName();

/** Request header naming the active user (spec §7); it must be one of the caller's own ids. */
export const USER_ID_HEADER = 'userId';
