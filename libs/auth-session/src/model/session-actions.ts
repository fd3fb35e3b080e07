import { createAsyncThunk } from '@reduxjs/toolkit';
import { refreshSession } from '@fed/api-client';
import type { LinkedAccount as WireLinkedAccount } from '@fed/contracts';
import { authApi } from '../api/auth-api';
import {
  linkedAccountsLoaded,
  selectClaims,
  selectIsAuthenticated,
  selectTokens,
  selectUserId,
  sessionCleared,
  userLoaded,
  type SessionState,
  type SessionUser,
} from './session-slice';
import { storeChosenAccount, takeRedirect } from './sign-in';
import { isTokenExpired } from './token-claims';

type ThunkConfig = { state: { session: SessionState } };

export function athleteUser(account: WireLinkedAccount): SessionUser {
  return {
    id: account.id,
    contractorType: 'sportsman',
    displayName: account.fio,
    avatarUrl: account.avatar,
    gender: account.gender?.code ?? null,
    ageClassId: null,
  };
}

/**
 * Start-up (spec §4): an expired access token is refreshed (a refused refresh ends the session); then the
 * login's athletes are loaded and the active one becomes the user. A failure to load them is logged and
 * ignored (spec §8): the session stands, the menu shows less.
 */
export const startSession = createAsyncThunk<void, void, ThunkConfig>(
  'session/start',
  async (_, { getState, dispatch }) => {
    if (!selectIsAuthenticated(getState())) return;
    if (isTokenExpired(selectTokens(getState())?.token ?? null)) {
      const outcome = await refreshSession();
      if (outcome !== 'refreshed') return;
    }
    if (selectClaims(getState())?.contractorType !== 'sportsman') return;
    try {
      const accounts = await dispatch(
        authApi.endpoints.linkedAccounts.initiate(undefined, { forceRefetch: true }),
      ).unwrap();
      dispatch(linkedAccountsLoaded(accounts.data));
      const active = accounts.data.find((account) => account.id === selectUserId(getState()));
      dispatch(userLoaded(active ? athleteUser(active) : null));
    } catch {
      console.warn('Linked accounts could not be loaded at start-up');
    }
  },
);

/**
 * The end of a sign-in (spec §4 "After setting an account"): load the user, then go to the remembered page or
 * /profile. Navigation does not wait for the user: the menus fill in when it arrives.
 */
export const finishSignIn = createAsyncThunk<string, void, ThunkConfig>(
  'session/finishSignIn',
  async (_, { getState, dispatch }) => {
    void dispatch(startSession());
    return takeRedirect(dispatch, getState().session);
  },
);

/** Switch to another athlete of the same login; the caller then reloads /profile (spec §4). */
export const switchToAccount = createAsyncThunk<void, string, ThunkConfig>(
  'session/switch',
  async (id, { dispatch }) => {
    const answer = await dispatch(authApi.endpoints.switchAccount.initiate({ id })).unwrap();
    storeChosenAccount(dispatch, answer.data, id);
  },
);

/** Logout (spec §4): the server revokes this device's refresh family; locally everything goes, whatever it says. */
export const logOut = createAsyncThunk<void, void, ThunkConfig>(
  'session/logout',
  async (_, { getState, dispatch }) => {
    const refreshToken = selectTokens(getState())?.refreshToken;
    if (refreshToken) {
      await dispatch(authApi.endpoints.logout.initiate({ RefreshToken: refreshToken }))
        .unwrap()
        .catch(() => undefined);
    }
    dispatch(sessionCleared());
    dispatch(authApi.util.resetApiState());
  },
);
