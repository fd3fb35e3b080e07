import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionTokens } from '@fed/api-client';
import type { ContractorType, GenderCode, LinkedAccount } from '@fed/contracts';
import type { AgeClassRef } from './age-class';
import { claimedUserId, readClaims } from './token-claims';

/** The signed-in user as the portal shows it (spec §3 "Client-side user view"). */
export interface SessionUser {
  id: string;
  contractorType: ContractorType;
  /** Athlete's full name or organization's name. */
  displayName: string;
  /** Athlete photo or organization logo. */
  avatarUrl: string | null;
  gender: GenderCode | null;
  /**
   * An athlete's age class (spec §4): the record's own with the lowest `sortirovka`, else the fixed default one
   * as its record reads. Null for an organization, and until (or unless) it could be read.
   */
  ageClass: AgeClassRef | null;
}

export interface SessionState {
  tokens: SessionTokens | null;
  activeUserId: string | null;
  user: SessionUser | null;
  /** The athlete accounts held by the same login (spec §3 "Linked accounts"). */
  linkedAccounts: LinkedAccount[];
  /** Where to go after signing in. */
  redirectTo: string | null;
  /**
   * Tokens are in but the sign-in pages have not finished (the user still chooses an account): the guest-only
   * pages must not send the user away yet. Kept across a reload of the tab (ADR 0010).
   */
  signingIn: boolean;
}

export const initialSessionState: SessionState = {
  tokens: null,
  activeUserId: null,
  user: null,
  linkedAccounts: [],
  redirectTo: null,
  signingIn: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    tokensReceived(state, action: PayloadAction<SessionTokens>) {
      state.tokens = action.payload;
    },
    activeUserChosen(state, action: PayloadAction<string>) {
      state.activeUserId = action.payload;
    },
    userLoaded(state, action: PayloadAction<SessionUser | null>) {
      state.user = action.payload;
    },
    linkedAccountsLoaded(state, action: PayloadAction<LinkedAccount[]>) {
      state.linkedAccounts = action.payload;
    },
    redirectRemembered(state, action: PayloadAction<string>) {
      state.redirectTo = action.payload;
    },
    redirectConsumed(state) {
      state.redirectTo = null;
    },
    signInStarted(state) {
      state.signingIn = true;
    },
    signInFinished(state) {
      state.signingIn = false;
    },
    /** Logout and a refused refresh: tokens, user, linked accounts and the redirect target go (spec §4). */
    sessionCleared() {
      return initialSessionState;
    },
  },
});

export const {
  tokensReceived,
  activeUserChosen,
  userLoaded,
  linkedAccountsLoaded,
  redirectRemembered,
  redirectConsumed,
  signInStarted,
  signInFinished,
  sessionCleared,
} = sessionSlice.actions;

type WithSession = { [sessionSlice.name]: SessionState };

export const selectSession = (state: WithSession) => state.session;
export const selectTokens = (state: WithSession) => state.session.tokens;
/** Authenticated only when both tokens exist (spec §4). */
export const selectIsAuthenticated = (state: WithSession) =>
  Boolean(state.session.tokens?.token && state.session.tokens.refreshToken);
export const selectClaims = createSelector([selectTokens], (tokens) => readClaims(tokens?.token ?? null));
export const selectContractorType = createSelector(
  [selectClaims],
  (claims) => claims?.contractorType ?? null,
);
/** The id requests speak for: the chosen account, else the token's own claim. */
export const selectUserId = createSelector(
  [(state: WithSession) => state.session.activeUserId, selectClaims],
  (activeUserId, claims) => activeUserId ?? claimedUserId(claims),
);
export const selectUser = (state: WithSession) => state.session.user;
export const selectLinkedAccounts = (state: WithSession) => state.session.linkedAccounts;
/** The other athlete accounts of this login, for the switcher. */
export const selectOtherAccounts = createSelector([selectLinkedAccounts, selectUserId], (accounts, userId) =>
  accounts.filter((account) => account.id !== userId),
);
export const selectRedirectTo = (state: WithSession) => state.session.redirectTo;
export const selectSigningIn = (state: WithSession) => state.session.signingIn;
