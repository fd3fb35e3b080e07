/**
 * The library's islands: the interactive parts of its server-rendered pages that a guest's browser hydrates on
 * their own (`Island` of the kit), each its own chunk. The portal's islands entry registers them by these names.
 */
export const SIGN_IN_ISLAND = 'sign-in';

export const loadSignInIsland = () => import('./components/sign-in').then((m) => m.SignIn);
