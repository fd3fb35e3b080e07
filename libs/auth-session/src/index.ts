export { pickAgeClass, type AgeClassRef } from './model/age-class';
export { roleDisplayName } from './model/roles';
export {
  activeUserChosen,
  initialSessionState,
  linkedAccountsLoaded,
  redirectConsumed,
  redirectRemembered,
  selectClaims,
  selectContractorType,
  selectIsAuthenticated,
  selectLinkedAccounts,
  selectOtherAccounts,
  selectRedirectTo,
  selectSession,
  selectSigningIn,
  selectTokens,
  selectUser,
  selectUserId,
  sessionCleared,
  sessionSlice,
  signInFinished,
  signInStarted,
  tokensReceived,
  userLoaded,
  type SessionState,
  type SessionUser,
} from './model/session-slice';
export { bindSession, preloadedSession } from './model/session-store';
export { useSessionDispatch, type SessionDispatch } from './model/session-dispatch';
export {
  claimedUserId,
  holdsSeveralAthletes,
  isTokenExpired,
  readClaims,
  type SessionClaims,
} from './model/token-claims';
export {
  authApi,
  useAddAccountMutation,
  useLinkedAccountsQuery,
  useLogoutMutation,
  useSwitchAccountMutation,
} from './api/auth-api';
export { clearSession, DEFAULT_AFTER_SIGN_IN } from './model/sign-in';

export { loadSignInIsland, SIGN_IN_ISLAND } from './islands';
export {
  decidesReturn,
  referrerOnThisSite,
  returnAfterSignIn,
  ReturnRoutesContext,
  SIGN_IN_PATHS,
  type RouteOfTable,
  type VisitedPage,
} from './lib/return-after-sign-in';

/** Pages, each loaded as its own chunk. */
export const loadLoginPage = () => import('./pages/login-page').then((m) => m.LoginPage);
export { athleteUser, logOut, startSession, switchToAccount } from './model/session-actions';
/** The session's start-up, loaded only where someone is signed in (a guest's first load goes without it). */
export const loadSessionStart = () => import('./model/session-actions').then((m) => m.startSession);
// The add-account dialog is not exported: the menus open it, loading it on demand (its forms stack stays out of
// the first page load, which a static re-export here would defeat).
export { AccountSideMenu } from './components/account-side-menu';
export { LinkedAccountChoice } from './components/linked-account-choice';
export { UserMenu } from './components/user-menu';
export const loadRegisterPage = () => import('./pages/register-page').then((m) => m.RegisterPage);
export const loadRegisterOrgPage = () => import('./pages/register-org-page').then((m) => m.RegisterOrgPage);
export const loadLoginChangePage = () => import('./pages/login-change-page').then((m) => m.LoginChangePage);
