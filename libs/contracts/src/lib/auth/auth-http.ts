/*
 * Plain constants, apart from the schemas of `auth-requests.ts`: the portal's base query builds the refresh
 * call and the `userId` header with them on every page and must not ship zod for that.
 */

/** Paths of the auth endpoints, relative to the site root. */
export const authPaths = {
  loginUser: '/api/auth/LoginUser',
  loginUserConfirm: '/api/auth/LoginUserConfirm',
  registerUser: '/api/auth/RegisterUser',
  registerOrganization: '/api/auth/RegisterOrganization',
  registerUserConfirm: '/api/auth/RegisterUserConfirm',
  refresh: '/api/auth/Refresh',
  logout: '/api/auth/Logout',
  addUserRole: '/api/auth/AddUserRole',
  addAccount: '/api/auth/AddAccount',
  switchAccount: '/api/auth/SwitchAccount',
  linkedAccounts: '/api/auth/LinkedAccounts',
  changePhone: '/api/auth/ChangePhone',
  changePhoneConfirm: '/api/auth/ChangePhoneConfirm',
  phoneStatus: '/api/auth/PhoneStatus',
} as const;

/** Request header naming the active user (spec §7); it must be one of the caller's own ids. */
export const USER_ID_HEADER = 'userId';
