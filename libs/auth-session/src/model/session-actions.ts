import { createAsyncThunk } from '@reduxjs/toolkit';
import { systemClock, type Clock } from '@fed/calendar';
import { publicConfig, refreshSession } from '@fed/api-client';
import type {
  AgeClassRecord,
  ContractorType,
  GenderCode,
  LinkedAccount,
  SportsmanRecord,
} from '@fed/contracts';
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
import type { SessionDispatch } from './session-dispatch';
import { storeChosenAccount, takeRedirect } from './sign-in';
import { isTokenExpired } from './token-claims';
import { pickAgeClass, type AgeClassRef } from './age-class';

type ThunkConfig = { state: { session: SessionState } };

export function athleteUser(account: LinkedAccount): SessionUser {
  return {
    id: account.id,
    contractorType: 'sportsman',
    displayName: account.fio,
    avatarUrl: account.avatar,
    gender: account.gender?.code ?? null,
    ageClass: null,
  };
}

const genderOf = (code: string | undefined): GenderCode | null =>
  code === 'male' || code === 'female' ? code : null;

/**
 * The user view of a platform record (spec §3): an organization by its name and logo; an athlete by full name,
 * photo, gender and age class — the listed one with the lowest `sortirovka` (spec §4); when the record lists none,
 * `loadUser` reads the fixed default one.
 */
export function userFromRecord(record: SportsmanRecord, contractorType: ContractorType): SessionUser {
  if (contractorType === 'organization') {
    return {
      id: record.__id,
      contractorType,
      displayName: record.yr_nazvanie || record.__name,
      avatarUrl: record.logo?.[0] ?? null,
      gender: null,
      ageClass: null,
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
    ageClass: pickAgeClass(record.age_class),
  };
}

/** The age class of spec §4 as a record of the age classes app reads (the default one's). */
const ageClassOf = ({ __id, code, nazvanie, sortirovka }: AgeClassRecord): AgeClassRef => ({
  __id,
  code,
  nazvanie,
  sortirovka,
});

/**
 * The active user's own record, read with the token's contractor type (spec §4), and for an athlete whose record
 * lists no age class the fixed default one's record, read the same way. A failure to read the user is the
 * caller's; one to read the default age class is logged and leaves the user without one (spec §8).
 */
async function loadUser(
  dispatch: SessionDispatch,
  userId: string,
  contractorType: ContractorType,
): Promise<SessionUser> {
  const answer = await dispatch(
    authApi.endpoints.contractorRecord.initiate(userId, { forceRefetch: true }),
  ).unwrap();
  const user = userFromRecord(answer.item, contractorType);
  if (contractorType === 'organization' || user.ageClass) return user;
  try {
    const fallback = await dispatch(
      authApi.endpoints.ageClassRecord.initiate(publicConfig().defaultAgeClassId),
    ).unwrap();
    return { ...user, ageClass: ageClassOf(fallback.item) };
  } catch {
    console.warn('The default age class could not be loaded');
    return user;
  }
}

/**
 * Start-up (spec §4): an access token expired by `clock` (the system clock unless told) is refreshed (a refused
 * refresh ends the session); an athlete login's accounts are loaded; then the active user's own record with the
 * token's contractor type, and the age class (`loadUser`). Failures to load either are logged and ignored
 * (spec §8): the session stands, the menus show what is known.
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
      dispatch(userLoaded(await loadUser(dispatch, userId, contractorType)));
    } catch {
      console.warn('The active user could not be loaded at start-up');
    }
  },
);

/**
 * The end of a sign-in (spec §4 "After setting an account"): the user loaded (and with it the age class) first,
 * then where to go — the remembered page or /profile, the memory used up. The caller goes there and then ends
 * the sign-in (`useFinishSignIn`).
 */
export const finishSignIn = createAsyncThunk<string, void, ThunkConfig>(
  'session/finishSignIn',
  async (_, { getState, dispatch }) => {
    await dispatch(startSession());
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
