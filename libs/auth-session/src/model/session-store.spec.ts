import { configureStore } from '@reduxjs/toolkit';
import { currentSession } from '@fed/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeAccessToken } from '../testing';
import {
  activeUserChosen,
  initialSessionState,
  linkedAccountsLoaded,
  redirectConsumed,
  redirectRemembered,
  selectIsAuthenticated,
  selectOtherAccounts,
  selectUserId,
  sessionCleared,
  sessionSlice,
  signInFinished,
  signInStarted,
  tokensReceived,
} from './session-slice';
import { bindSession, preloadedSession } from './session-store';

const exp = Math.floor(Date.now() / 1000) + 900;
const oneAthlete = fakeAccessToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp });
const threeAthletes = fakeAccessToken({ Sportsman: ['p-1', 'c-2', 'c-3'], ContractorType: 'sportsman', exp });

function makeStore() {
  const store = configureStore({
    reducer: { session: sessionSlice.reducer },
    preloadedState: { session: preloadedSession() },
  });
  const unbind = bindSession(store);
  return { store, unbind };
}

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is a guest without tokens, and authenticated only with both tokens', () => {
    const { store, unbind } = makeStore();
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    store.dispatch(tokensReceived({ token: threeAthletes, refreshToken: '' }));
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    store.dispatch(tokensReceived({ token: threeAthletes, refreshToken: 'r-1' }));
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    unbind();
  });

  it('keeps tokens and the chosen account across page loads, and forgets them on clear', () => {
    const first = makeStore();
    first.store.dispatch(tokensReceived({ token: threeAthletes, refreshToken: 'r-1' }));
    first.store.dispatch(activeUserChosen('c-2'));
    first.unbind();

    const second = makeStore();
    expect(selectIsAuthenticated(second.store.getState())).toBe(true);
    expect(selectUserId(second.store.getState())).toBe('c-2');

    second.store.dispatch(sessionCleared());
    expect(localStorage.length).toBe(0);
    second.unbind();
  });

  it('speaks for the chosen account, else for the token claim', () => {
    const { store, unbind } = makeStore();
    store.dispatch(tokensReceived({ token: threeAthletes, refreshToken: 'r-1' }));
    expect(selectUserId(store.getState())).toBe('p-1');
    store.dispatch(activeUserChosen('c-3'));
    expect(selectUserId(store.getState())).toBe('c-3');
    unbind();
  });

  it('lists the other linked accounts for the switcher', () => {
    const { store, unbind } = makeStore();
    store.dispatch(tokensReceived({ token: threeAthletes, refreshToken: 'r-1' }));
    store.dispatch(
      linkedAccountsLoaded([
        { id: 'p-1', fio: 'Иванов Пётр', avatar: null, gender: { code: 'male' } },
        { id: 'c-2', fio: 'Иванова Анна', avatar: null, gender: { code: 'female' } },
      ]),
    );
    expect(selectOtherAccounts(store.getState()).map((account) => account.id)).toEqual(['c-2']);
    unbind();
  });

  it('clearing drops user, linked accounts and the redirect target too', () => {
    const { store, unbind } = makeStore();
    store.dispatch(tokensReceived({ token: threeAthletes, refreshToken: 'r-1' }));
    store.dispatch(redirectRemembered('/competitions/42'));
    store.dispatch(linkedAccountsLoaded([{ id: 'p-1', fio: 'Иванов Пётр', avatar: null, gender: null }]));
    store.dispatch(sessionCleared());
    expect(store.getState().session).toEqual(initialSessionState);
    unbind();
  });

  it('lends the API client its tokens and takes refreshed or refused ones back', () => {
    const { store, unbind } = makeStore();
    store.dispatch(tokensReceived({ token: threeAthletes, refreshToken: 'r-1' }));
    const port = currentSession();
    expect(port.accessToken()).toBe(threeAthletes);
    expect(port.refreshToken()).toBe('r-1');
    expect(port.userId()).toBe('p-1');

    port.tokensRefreshed({ token: 'new-access', refreshToken: 'r-2' });
    expect(store.getState().session.tokens).toEqual({ token: 'new-access', refreshToken: 'r-2' });

    port.refreshRefused();
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    unbind();
  });

  it('keeps a sign-in that is still choosing its account, and the page to return to, across a reload of the tab', () => {
    const first = makeStore();
    first.store.dispatch(redirectRemembered('/competitions/42'));
    first.store.dispatch(signInStarted());
    first.store.dispatch(tokensReceived({ token: threeAthletes, refreshToken: 'r-1' }));
    first.unbind();
    // The tab's own storage: another tab, or the browser started afresh, does not inherit a half-done sign-in.
    expect(sessionStorage.getItem('fed.signingIn')).toBe('true');
    expect(localStorage.getItem('fed.signingIn')).toBeNull();

    const second = makeStore();
    expect(second.store.getState().session).toMatchObject({
      signingIn: true,
      redirectTo: '/competitions/42',
    });
    second.store.dispatch(redirectConsumed());
    second.store.dispatch(signInFinished());
    second.unbind();

    expect(preloadedSession()).toMatchObject({ signingIn: false, redirectTo: null });
    expect(sessionStorage.length).toBe(0);
  });

  it('does not restore a sign-in in progress where there is nothing left to choose', () => {
    const first = makeStore();
    first.store.dispatch(signInStarted());
    first.store.dispatch(tokensReceived({ token: oneAthlete, refreshToken: 'r-1' }));
    first.unbind();
    expect(preloadedSession().signingIn).toBe(false);

    sessionStorage.setItem('fed.signingIn', 'true');
    localStorage.clear();
    expect(preloadedSession().signingIn).toBe(false);
  });

  it('a logout forgets the sign-in in progress and the page to return to', () => {
    const { store, unbind } = makeStore();
    store.dispatch(redirectRemembered('/competitions/42'));
    store.dispatch(signInStarted());
    store.dispatch(tokensReceived({ token: threeAthletes, refreshToken: 'r-1' }));
    store.dispatch(sessionCleared());
    unbind();
    expect(sessionStorage.length).toBe(0);
    expect(preloadedSession()).toMatchObject({ tokens: null, signingIn: false, redirectTo: null });
  });
});
