import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Outlet, useParams } from 'react-router-dom';
import { activeUserChosen, linkedAccountsLoaded, tokensReceived } from '@fed/auth-session';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { fakeAccessToken, platformScript, renderPortal } from '@fed/auth-session/testing';
import { portalServer } from '../testing/portal-server';
import { NamePage, PageNamingProvider, useRouteName, type RouteHandle } from './route-title';
import { buildRouteObjects } from './router';
import { DEFAULT_TITLE, portalRoutes, profileViewRoutes, routeNaming } from './routes';
import { createPortalStore } from './store';

/** A frame that shows the route's name, as the signed-in header does. */
function Frame() {
  return (
    <>
      <p data-testid="header">{useRouteName()}</p>
      <Outlet />
    </>
  );
}

/** A page that learns from its data what it is: `a` is an athlete, anything else is not known yet. */
function Profile() {
  const { id } = useParams();
  return (
    <>
      {id === 'a' && <NamePage name="Спортсмены" title="Спортсмены" />}
      <Link to="/profile/b">Другой профиль</Link>
      <Link to="/elsewhere">Дальше</Link>
    </>
  );
}

function renderNamed(path: string) {
  document.title = 'Личный кабинет';
  return renderPortal(
    [
      {
        element: (
          <PageNamingProvider>
            <Frame />
          </PageNamingProvider>
        ),
        children: [
          {
            path: '/profile/:id',
            handle: { name: 'Личный кабинет' } satisfies RouteHandle,
            element: <Profile />,
          },
          { path: '/elsewhere', handle: { name: 'Мероприятия' } satisfies RouteHandle, element: <p>Там</p> },
        ],
      },
    ],
    { path },
  );
}

afterEach(() => {
  localStorage.clear();
});

describe('a page naming itself from its data', () => {
  it('names the header and the tab while it is shown, and gives the route its own name back after', async () => {
    const { router } = renderNamed('/profile/a');
    expect(screen.getByTestId('header')).toHaveTextContent('Спортсмены');
    expect(document.title).toBe('Спортсмены');

    await act(() => router.navigate('/profile/b'));
    expect(screen.getByTestId('header')).toHaveTextContent('Личный кабинет');
    expect(document.title).toBe('Личный кабинет');

    await act(() => router.navigate('/profile/a'));
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByTestId('header')).toHaveTextContent('Мероприятия');
  });

  it('leaves a title another view has set since (a 404 in the page’s place)', async () => {
    const { router } = renderNamed('/profile/a');
    document.title = 'Competitions | Error 404';
    await act(() => router.navigate('/profile/b'));
    expect(document.title).toBe('Competitions | Error 404');
  });
});

describe('the route table names public profiles', () => {
  it('as the routes they belong to, by those routes’ names and titles', () => {
    expect(routeNaming(profileViewRoutes.sportsman)).toEqual({ name: 'Спортсмены', title: 'Спортсмены' });
    expect(routeNaming(profileViewRoutes.organization)).toEqual({
      name: 'Организации',
      title: 'Организации',
    });
    // The federation is an organization; only /fk carries its short name.
    expect(routeNaming(profileViewRoutes.federation)).toEqual({
      name: 'Организации',
      title: 'Организации',
    });
    expect(routeNaming('/fk')).toEqual({ name: 'ФКЕ', title: 'ФКЕ' });
    expect(routeNaming('/')).toEqual({ name: 'Главная', title: DEFAULT_TITLE });
    expect(() => routeNaming('/no-such-route')).toThrow('/no-such-route');
  });

  const athlete = {
    __id: 'sp-9',
    __name: 'Иванова Анна Сергеевна',
    fio: { lastname: 'Иванова', firstname: 'Анна', middlename: 'Сергеевна' },
    representative_new: [{ code: 'sportsman', name: 'Спортсмен' }],
    organiz: [],
    organizationName: null,
    age_class: [],
  };

  it("titles an athlete's page 'Спортсмены' and a club's 'Организации' in the whole app, for a guest", async () => {
    portalServer.use(
      platformScript('getPublicProfile', ({ id }) =>
        id === 'sp-9'
          ? { success: true, data: { kind: 'sportsman', profile: athlete } }
          : {
              success: true,
              data: {
                kind: 'organization',
                profile: {
                  __id: 'org-9',
                  __name: 'СК «Олимп»',
                  athletesCount: 0,
                  upcomingEventsCount: 0,
                  pastEventsCount: 0,
                },
              },
            },
      ),
    );
    const { router } = renderPortal(buildRouteObjects(portalRoutes), {
      store: createPortalStore(),
      path: '/profile/sp-9',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванова Анна Сергеевна' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Спортсмены'));

    await act(() => router.navigate('/profile/org-9'));
    expect(await screen.findByRole('heading', { level: 1, name: 'СК «Олимп»' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Организации'));

    // The federation's page of the menus («Федерация») is an organization's; only /fk carries the short name.
    await act(() => router.navigate(`/profile/${sandboxPublicConfig.federationProfileId}`));
    await waitFor(() => expect(document.title).toBe('Организации'));
    await act(() => router.navigate('/fk'));
    await waitFor(() => expect(document.title).toBe('ФКЕ'));
  });

  it("names the signed-in header after the page: 'Спортсмены' for someone else, 'Личный кабинет' for one's own", async () => {
    portalServer.use(
      platformScript('getPublicProfile', () => ({
        success: true,
        data: { kind: 'sportsman', profile: athlete },
      })),
    );
    const store = createPortalStore();
    const exp = Math.floor(Date.now() / 1000) + 900;
    store.dispatch(
      tokensReceived({
        token: fakeAccessToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp }),
        refreshToken: 'r',
      }),
    );
    const { router } = renderPortal(buildRouteObjects(portalRoutes), { store, path: '/profile/sp-9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванова Анна Сергеевна' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Спортсмены'));

    await act(() => router.navigate('/profile'));
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Личный кабинет'));
    await waitFor(() => expect(document.title).toBe('Личный кабинет'));

    await act(() => router.navigate(`/profile/${sandboxPublicConfig.federationProfileId}`));
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Организации'));
    await waitFor(() => expect(document.title).toBe('Организации'));
  });

  it("names another athlete of the same login 'Спортсмены': their page, not the cabinet", async () => {
    portalServer.use(
      platformScript('getPublicProfile', () => ({
        success: true,
        data: { kind: 'sportsman', profile: athlete },
      })),
    );
    const store = createPortalStore();
    const exp = Math.floor(Date.now() / 1000) + 900;
    store.dispatch(
      tokensReceived({
        token: fakeAccessToken({ Sportsman: ['a-1', 'sp-9'], ContractorType: 'sportsman', exp }),
        refreshToken: 'r',
      }),
    );
    store.dispatch(activeUserChosen('a-1'));
    store.dispatch(
      linkedAccountsLoaded([
        { id: 'a-1', fio: 'Соколов Андрей', avatar: null, gender: { code: 'male' } },
        { id: 'sp-9', fio: 'Иванова Анна Сергеевна', avatar: null, gender: { code: 'female' } },
      ]),
    );
    renderPortal(buildRouteObjects(portalRoutes), { store, path: '/profile/sp-9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванова Анна Сергеевна' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Выбрать этот аккаунт' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Спортсмены'));
    await waitFor(() => expect(document.title).toBe('Спортсмены'));
  });
});
