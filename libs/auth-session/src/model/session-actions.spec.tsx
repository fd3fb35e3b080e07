import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { finishSignIn, logOut, startSession, switchToAccount } from './session-actions';
import {
  fakeAccessToken,
  platformRecords,
  renderPortal,
  setupPortalServer,
  testClock,
  tokenExp,
} from '../testing';

// Tokens expire by the clock start-up is given: the tests' own, standing still.
const now = () => Math.floor(testClock.now() / 1000);
const family = (exp: number) =>
  fakeAccessToken({ Sportsman: ['p-1', 'c-2'], ContractorType: 'sportsman', exp });
const accounts = [
  { id: 'p-1', fio: 'Соколов Андрей Павлович', avatar: 'file-7', gender: { code: 'male' } },
  { id: 'c-2', fio: 'Соколова Мария Андреевна', avatar: null, gender: { code: 'female' } },
];

const records: Record<string, object> = {
  'p-1': { __id: 'p-1', __name: 'Соколов А. П.', pol: [{ code: 'male', name: 'Мужской' }] },
  'c-2': {
    __id: 'c-2',
    __name: 'Соколова М. А.',
    fio: { lastname: 'Соколова', firstname: 'Мария', middlename: 'Андреевна' },
    pol: [{ code: 'female', name: 'Женский' }],
    photo: ['file-9'],
    age_class: [
      { __id: 'juniors', code: 'U18', sortirovka: 30 },
      { __id: 'cadets', code: 'U16', sortirovka: 20 },
    ],
  },
  'org-1': { __id: 'org-1', __name: 'Клуб', yr_nazvanie: 'СК «Синкэн»', logo: ['logo-3'] },
};

/** The fixed default age class (spec §4), as the platform's age classes app holds it. */
const defaultAgeClass = {
  __id: sandboxPublicConfig.defaultAgeClassId,
  __name: 'Взрослые',
  code: 'adults',
  nazvanie: 'Взрослые',
  sortirovka: 100,
  age_from: 18,
  age_to: null,
};

const calls: string[] = [];
const server = setupPortalServer(
  platformRecords('sportsman', records, (id) => calls.push(`record ${id}`)),
  platformRecords('vozrastnye_klassy', { [defaultAgeClass.__id]: defaultAgeClass }, (id) =>
    calls.push(`age class ${id}`),
  ),
);
afterEach(() => {
  calls.length = 0;
});

function linkedAccountsAnswer(status = 200) {
  return http.get('*/api/auth/LinkedAccounts', ({ request }) => {
    calls.push(`LinkedAccounts ${request.headers.get('Authorization')}`);
    return status === 200
      ? HttpResponse.json({ data: accounts })
      : HttpResponse.json({ message: 'down' }, { status });
  });
}

describe('session start-up and actions', () => {
  it('refreshes an expired token first, then loads the athletes and the active user', async () => {
    const fresh = family(now() + 900);
    server.use(
      http.post('*/api/auth/Refresh', () => {
        calls.push('Refresh');
        return HttpResponse.json({ Token: fresh, RefreshToken: 'r-2' });
      }),
      linkedAccountsAnswer(),
    );
    const { store } = renderPortal(<p />, {
      session: { tokens: { token: family(now() - 10), refreshToken: 'r-1' }, activeUserId: 'c-2' },
    });

    await store.dispatch(startSession(testClock));

    expect(calls).toEqual(['Refresh', `LinkedAccounts Bearer ${fresh}`, 'record c-2']);
    expect(store.getState().session.linkedAccounts).toHaveLength(2);
    // The age class is the listed one with the lowest sortirovka (spec §4).
    expect(store.getState().session.user).toEqual({
      id: 'c-2',
      contractorType: 'sportsman',
      displayName: 'Соколова Мария Андреевна',
      avatarUrl: 'file-9',
      gender: 'female',
      ageClass: { __id: 'cadets', code: 'U16', sortirovka: 20 },
    });
    // The record's own age class: the default one is not read.
    expect(calls.filter((call) => call.startsWith('age class'))).toEqual([]);
  });

  it('gives an athlete whose record lists no age class the fixed default one, read as a record', async () => {
    server.use(linkedAccountsAnswer());
    const { store } = renderPortal(<p />, {
      session: { tokens: { token: family(now() + 900), refreshToken: 'r' }, activeUserId: 'p-1' },
    });
    await store.dispatch(startSession(testClock));
    expect(calls.slice(-2)).toEqual(['record p-1', `age class ${defaultAgeClass.__id}`]);
    expect(store.getState().session.user).toMatchObject({
      id: 'p-1',
      displayName: 'Соколов А. П.',
      ageClass: { __id: defaultAgeClass.__id, code: 'adults', nazvanie: 'Взрослые', sortirovka: 100 },
    });
  });

  it('keeps the user without an age class when the default one cannot be read', async () => {
    server.use(
      linkedAccountsAnswer(),
      platformRecords('vozrastnye_klassy', {}, (id) => calls.push(`age class ${id}`)),
    );
    const { store } = renderPortal(<p />, {
      session: { tokens: { token: family(now() + 900), refreshToken: 'r' }, activeUserId: 'p-1' },
    });
    await store.dispatch(startSession(testClock));
    expect(calls).toContain(`age class ${defaultAgeClass.__id}`);
    expect(store.getState().session.user).toMatchObject({ id: 'p-1', ageClass: null });
  });

  it('ends a sign-in where it was remembered to, only once the user and the age class are loaded', async () => {
    server.use(linkedAccountsAnswer());
    // A sign-in's tokens are fresh by the system clock, which its start-up reads.
    const { store } = renderPortal(<p />, {
      session: {
        tokens: { token: family(tokenExp()), refreshToken: 'r' },
        activeUserId: 'p-1',
        redirectTo: '/profile/club-1',
        signingIn: true,
      },
    });
    const target = await store.dispatch(finishSignIn()).unwrap();
    expect(target).toBe('/profile/club-1');
    expect(store.getState().session).toMatchObject({
      redirectTo: null,
      user: { id: 'p-1', ageClass: { __id: defaultAgeClass.__id } },
      linkedAccounts: accounts,
    });
    // The page the sign-in was made on ends it once it has gone on (`useFinishSignIn`).
    expect(store.getState().session.signingIn).toBe(true);
  });

  it('shows an organization by its name and logo, loading no athletes', async () => {
    const { store } = renderPortal(<p />, {
      session: {
        tokens: {
          token: fakeAccessToken({ Organization: 'org-1', ContractorType: 'organization', exp: now() + 900 }),
          refreshToken: 'r',
        },
      },
    });
    await store.dispatch(startSession(testClock));
    expect(calls).toEqual(['record org-1']);
    expect(store.getState().session.user).toEqual({
      id: 'org-1',
      contractorType: 'organization',
      displayName: 'СК «Синкэн»',
      avatarUrl: 'logo-3',
      gender: null,
      ageClass: null,
    });
  });

  it('ends the session when the refresh is refused', async () => {
    server.use(
      http.post('*/api/auth/Refresh', () => HttpResponse.json({ message: 'revoked' }, { status: 401 })),
    );
    const { store } = renderPortal(<p />, {
      session: { tokens: { token: family(now() - 10), refreshToken: 'stolen' } },
    });
    await store.dispatch(startSession(testClock));
    expect(store.getState().session.tokens).toBeNull();
  });

  it('keeps the session when the athletes cannot be loaded', async () => {
    server.use(linkedAccountsAnswer(404));
    const { store } = renderPortal(<p />, {
      session: { tokens: { token: family(now() + 900), refreshToken: 'r' } },
    });
    await store.dispatch(startSession(testClock));
    expect(store.getState().session.tokens).not.toBeNull();
    // The record still names the user.
    expect(store.getState().session.user).toMatchObject({ id: 'p-1', displayName: 'Соколов А. П.' });
  });

  it('keeps the session when the user record cannot be loaded either', async () => {
    server.use(
      linkedAccountsAnswer(404),
      http.get('*/api/proxy', () =>
        HttpResponse.json({ code: 'platform_unavailable', message: 'Платформа недоступна' }, { status: 502 }),
      ),
    );
    const { store } = renderPortal(<p />, {
      session: { tokens: { token: family(now() + 900), refreshToken: 'r' } },
    });
    await store.dispatch(startSession(testClock));
    expect(store.getState().session.tokens).not.toBeNull();
    expect(store.getState().session.user).toBeNull();
  });

  it('switches to another athlete of the login', async () => {
    const switched = family(now() + 900);
    server.use(
      http.post('*/api/auth/SwitchAccount', () =>
        HttpResponse.json({ data: { Token: switched, RefreshToken: 'r-3', ActiveUserId: 'c-2' } }),
      ),
    );
    const { store } = renderPortal(<p />, {
      session: { tokens: { token: family(now() + 900), refreshToken: 'r' } },
    });
    await store.dispatch(switchToAccount('c-2')).unwrap();
    expect(store.getState().session).toMatchObject({
      activeUserId: 'c-2',
      tokens: { token: switched, refreshToken: 'r-3' },
    });
  });

  it('logs out locally even when the server cannot be reached', async () => {
    // Offline: the logout fails, and so does the refresh a network error triggers (spec §4).
    server.use(
      http.post('*/api/auth/Logout', () => HttpResponse.error()),
      http.post('*/api/auth/Refresh', () => HttpResponse.error()),
    );
    const { store } = renderPortal(<p />, {
      session: {
        tokens: { token: family(now() + 900), refreshToken: 'r' },
        redirectTo: '/competitions/1',
        activeUserId: 'c-2',
      },
    });
    await store.dispatch(logOut());
    await waitFor(() =>
      expect(store.getState().session).toMatchObject({
        tokens: null,
        activeUserId: null,
        redirectTo: null,
        user: null,
      }),
    );
  });
});
