import { createAsyncThunk } from '@reduxjs/toolkit';
import { systemClock, type Clock } from '@fed/calendar';
import { publicConfig, refreshSession } from '@fed/api-client';
import type { ContractorType, GenderCode, LinkedAccount, SportsmanRecord } from '@fed/contracts';
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
import { pickAgeClass } from './age-class';

type ThunkConfig = { state: { session: SessionState } };

export function athleteUser(account: LinkedAccount): SessionUser {
  return {
    id: account.id,
    contractorType: 'sportsman',
    displayName: account.fio,
    avatarUrl: account.avatar,
    gender: account.gender?.code ?? null,
    ageClassId: null,
  };
}

const genderOf = (code: string | undefined): GenderCode | null =>
  code === 'male' || code === 'female' ? code : null;

/**
 * The user view of a platform record (spec §3): an organization by its name and logo; an athlete by full name,
 * photo, gender and age class — the listed one with the lowest `sortirovka`, else the fixed default (spec §4).
 */
export function userFromRecord(record: SportsmanRecord, contractorType: ContractorType): SessionUser {
  if (contractorType === 'organization') {
    return {
      id: record.__id,
      contractorType,
      displayName: record.yr_nazvanie || record.__name,
      avatarUrl: record.logo?.[0] ?? null,
      gender: null,
      ageClassId: null,
    };
  }
  const fio = record.fio;
  const fullName = fio ? [fio.lastname, fio.firstname, fio.middlename].filter(Boolean).join(' ') : '';
  return {
    id: record.__id,
    contractorType,
    displayName: fullName || record.__name,
    avatarUrl: record.photo?.[0] ?? null,
    gender: genderOf(record.pol?.[0]?.code),
    ageClassId: pickAgeClass(record.age_class)?.__id ?? publicConfig().defaultAgeClassId,
  };
}

/**
 * Start-up (spec §4): an access token expired by `clock` (the system clock unless told) is refreshed (a refused
 * refresh ends the session); an athlete login's accounts are loaded; then the active user's own record with the
 * token's contractor type. Failures to load either are logged and ignored (spec §8): the session stands, the menus
 * show what is known.
 */
export const startSession = createAsyncThunk<void, Clock | undefined, ThunkConfig>(
  'session/start',
  async (clock = systemClock, { getState, dispatch }) => {
    if (!selectIsAuthenticated(getState())) return;
    if (isTokenExpired(selectTokens(getState())?.token ?? null, clock)) {
      const outcome = await refreshSession();
      if (outcome !== 'refreshed') return;
    }
    const contractorType = selectClaims(getState())?.contractorType ?? 'sportsman';
    let linked: LinkedAccount[] = [];
    if (contractorType === 'sportsman') {
      try {
        const accounts = await dispatch(
          authApi.endpoints.linkedAccounts.initiate(undefined, { forceRefetch: true }),
        ).unwrap();
        linked = accounts.data;
        dispatch(linkedAccountsLoaded(linked));
      } catch {
        console.warn('Linked accounts could not be loaded at start-up');
      }
    }
    const userId = selectUserId(getState());
    if (!userId) return;
    const fromList = linked.find((account) => account.id === userId);
    // What the accounts list tells is shown at once; the record adds what only it holds (age class).
    if (fromList) dispatch(userLoaded(athleteUser(fromList)));
    try {
      const answer = await dispatch(
        authApi.endpoints.contractorRecord.initiate(userId, { forceRefetch: true }),
      ).unwrap();
      dispatch(userLoaded(userFromRecord(answer.item, contractorType)));
    } catch {
      console.warn('The active user could not be loaded at start-up');
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
