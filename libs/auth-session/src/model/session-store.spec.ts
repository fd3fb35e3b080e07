import { configureStore } from '@reduxjs/toolkit';
import { currentSession } from '@fed/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeAccessToken } from '../testing/fake-token';
import {
  activeUserChosen,
  initialSessionState,
  linkedAccountsLoaded,
  redirectRemembered,
  selectIsAuthenticated,
  selectOtherAccounts,
  selectUserId,
  sessionCleared,
  sessionSlice,
  tokensReceived,
} from './session-slice';
import { bindSession, preloadedSession } from './session-store';

const exp = Math.floor(Date.now() / 1000) + 900;
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
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

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
});
