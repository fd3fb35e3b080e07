import type { ComponentType } from 'react';
import { publicConfig, type PagePrefetch } from '@fed/api-client';
import { loadLoginChangePage, loadLoginPage, loadRegisterOrgPage, loadRegisterPage } from '@fed/auth-session';
import {
  loadApplyEditPage,
  loadApplyPage,
  loadCreateCompetitionPage,
  loadCreateCompetitionSuccessPage,
  loadEventPage,
  loadEventsPage,
  loadSubmitDocumentsPage,
  loadUpcomingEvents,
  prefetchEventPage,
  prefetchEventsPage,
  prefetchUpcomingEvents,
} from '@fed/competitions';
import { loadApplyMembershipPage } from '@fed/membership';
import { loadOrderPage } from '@fed/orders';
import {
  loadApplyPhotoVideoPage,
  loadEditPhotoVideoPage,
  loadMediaLockerPage,
  loadMyPhotoVideoPage,
} from '@fed/photo-video';
import {
  loadFederationPage,
  loadOrganizationEditPage,
  loadOrganizationsPage,
  loadProfilePage,
  loadSportsmenPage,
  prefetchOrganizationsPage,
  prefetchPublicProfile,
  prefetchSportsmenPage,
  type PublicProfileView,
} from '@fed/profile';
import { prefetchOfferDocument } from './legal-documents-api';
import type { GuardLocation, RouteGuard } from './guards';
import { NamePage, type PageNaming } from './route-title';

/**
 * Which frame a route renders in (architecture §5). `registration`: the dynamic layout, but the guest frame until
 * a sign-in made on the page is over.
 */
export type RouteLayout = 'guest' | 'signedIn' | 'dynamic' | 'registration' | 'signedInNoFooter' | 'none';

export interface PortalRoute {
  path: string;
  guard: RouteGuard;
  layout: RouteLayout;
  /**
   * The route's name in Russian, which the signed-in header shows (spec §2: "a header showing the route's name").
   * The spec's title where it gives one, else a name of our own; never the document title of a view inside.
   */
  name: string;
  /** Document title; routes the spec gives no title keep the portal's default. */
  title?: string;
  /** Where a guest returns after login, when not the requested page. */
  returnTo?: (location: GuardLocation) => string;
  /**
   * The page, loaded lazily as its own chunk. Routes whose page a later issue builds have none yet:
   * they are listed so their guards are known and tested, and answer 404 until the page exists.
   */
  load?: () => Promise<ComponentType>;
  /**
   * `'server'`: a guest's request for the page is answered with it rendered on the server, its content and the
   * data it read in the HTML, and the browser takes it over (hydrates) without asking for that data again.
   * Otherwise, and for a signed-in visitor, the answer is the app's shell and the page renders in the browser.
   */
  render?: 'server';
  /**
   * How the browser takes a guest's server-rendered page over: `'islands'` hydrates only its interactive parts
   * (the kit's `Island`: the header, filters, buttons), each on its own, and loads neither the app, its router nor
   * its store; links from it are page loads. Otherwise the whole app hydrates the page.
   */
  hydrate?: 'islands';
  /** The queries the page reads first, from its address alone: what the server renders it with. */
  prefetch?: PagePrefetch;
  /**
   * The one or two routes a guest of this page likely opens next (`MAX_NEXT_ROUTES`): on a page the server
   * rendered, their files are fetched into the cache, not run, once the app has the page and the browser is idle
   * (`prefetchWhenIdle`). Every likely next page is listed here, and only here.
   */
  next?: readonly string[];
}

export const DEFAULT_TITLE = 'ФКЕ — портал федерации';
export const FEDERATION_TITLE = 'ФКЕ';

/** Every route of the spec (§2), in one table. Guards, layouts, names and titles are read from here only. */
export const portalRoutes: readonly PortalRoute[] = [
  {
    path: '/',
    guard: 'guestOnly',
    layout: 'guest',
    name: 'Главная',
    load: async () => {
      const [{ HomePage }, UpcomingEvents] = await Promise.all([
        import('../pages/home-page'),
        loadUpcomingEvents(),
      ]);
      return () => <HomePage upcoming={<UpcomingEvents />} />;
    },
    render: 'server',
    hydrate: 'islands',
    prefetch: prefetchUpcomingEvents,
    next: ['/competitions', '/login'],
  },
  {
    path: '/login',
    guard: 'guestOnly',
    layout: 'guest',
    name: 'Вход',
    load: loadLoginPage,
    render: 'server',
    hydrate: 'islands',
    // Signed in, most go to their cabinet; a number not registered yet, to the athlete's registration.
    next: ['/profile/:id?', '/register'],
  },
  // Public (spec §2): someone signed in sees who that is, with the ways to add an athlete or to sign out.
  {
    path: '/register',
    guard: 'public',
    layout: 'registration',
    name: 'Регистрация спортсмена',
    load: loadRegisterPage,
  },
  {
    path: '/register-org',
    guard: 'public',
    layout: 'registration',
    name: 'Регистрация организации',
    load: loadRegisterOrgPage,
  },
  {
    path: '/login-change',
    guard: 'guestOnly',
    layout: 'guest',
    name: 'Смена номера телефона',
    load: loadLoginChangePage,
  },
  {
    path: '/competitions',
    guard: 'public',
    layout: 'dynamic',
    name: 'Мероприятия',
    title: 'Мероприятия',
    load: loadEventsPage,
    render: 'server',
    hydrate: 'islands',
    prefetch: prefetchEventsPage,
    next: ['/competitions/:id'],
  },
  {
    path: '/competitions/:id',
    guard: 'public',
    layout: 'dynamic',
    name: 'Мероприятие',
    load: loadEventPage,
    render: 'server',
    hydrate: 'islands',
    prefetch: prefetchEventPage,
    // A guest's «Подать заявку» asks for the sign-in first, and the form once signed in.
    next: ['/login', '/apply/:id'],
  },
  {
    path: '/apply/:id',
    guard: 'protectedToLogin',
    layout: 'signedIn',
    name: 'Подача заявки',
    returnTo: ({ params }) => `/competitions/${params['id'] ?? ''}`,
    load: loadApplyPage,
  },
  {
    path: '/apply/edit/:id',
    guard: 'protected',
    layout: 'signedIn',
    name: 'Редактирование заявки',
    load: loadApplyEditPage,
  },
  {
    path: '/apply/photo-video/:id',
    guard: 'protected',
    layout: 'signedIn',
    name: 'Заявка на фото и видео',
    load: loadApplyPhotoVideoPage,
  },
  {
    path: '/apply/photo-video/edit/:id',
    guard: 'protected',
    layout: 'signedIn',
    name: 'Редактирование заявки на фото и видео',
    load: loadEditPhotoVideoPage,
  },
  {
    path: '/apply-membership/:id',
    guard: 'protected',
    layout: 'signedIn',
    name: 'Заявка на членство',
    load: async () => {
      const [ApplyMembershipPage, { NotFoundPage }] = await Promise.all([
        loadApplyMembershipPage(),
        import('../pages/not-found-page'),
      ]);
      return () => <ApplyMembershipPage notFound={<NotFoundPage />} />;
    },
  },
  {
    path: '/photo-video/:id',
    guard: 'protectedToLogin',
    layout: 'signedInNoFooter',
    name: 'Фото и видео',
    load: loadMediaLockerPage,
  },
  {
    path: '/order/:id',
    // Only the paying login sees an order: a guest signs in and comes back to it.
    guard: 'protectedToLogin',
    layout: 'none',
    name: 'Заказ',
    load: async () => {
      const [OrderPage, { NotFoundPage }] = await Promise.all([
        loadOrderPage(),
        import('../pages/not-found-page'),
      ]);
      return () => (
        <OrderPage
          notFound={
            <main>
              <NotFoundPage />
            </main>
          }
        />
      );
    },
  },
  {
    path: '/sportsmen',
    guard: 'public',
    layout: 'dynamic',
    name: 'Спортсмены',
    title: 'Спортсмены',
    load: loadSportsmenPage,
    render: 'server',
    hydrate: 'islands',
    prefetch: prefetchSportsmenPage,
    next: ['/profile/:id?'],
  },
  {
    path: '/organizations',
    guard: 'public',
    layout: 'dynamic',
    name: 'Организации',
    title: 'Организации',
    load: loadOrganizationsPage,
    render: 'server',
    hydrate: 'islands',
    prefetch: prefetchOrganizationsPage,
    next: ['/profile/:id?'],
  },
  {
    path: '/fk',
    guard: 'public',
    layout: 'dynamic',
    name: FEDERATION_TITLE,
    title: FEDERATION_TITLE,
    load: async () => {
      const [FederationPage, { FederationDocuments }] = await Promise.all([
        loadFederationPage(),
        import('../pages/federation-documents'),
      ]);
      return () => <FederationPage documents={<FederationDocuments />} />;
    },
    render: 'server',
    hydrate: 'islands',
    prefetch: (page, dispatch) =>
      prefetchPublicProfile({ ...page, params: { id: publicConfig().federationProfileId } }, dispatch),
  },
  {
    path: '/profile/:id?',
    guard: 'profile',
    layout: 'dynamic',
    name: 'Личный кабинет',
    // The own profile's; someone else's page names itself once read (`profileViewRoutes`).
    title: 'Личный кабинет',
    load: async () => {
      const [ProfilePage, { NotFoundPage }, { ProfileSections }, { FederationDocuments }] = await Promise.all(
        [
          loadProfilePage(),
          import('../pages/not-found-page'),
          import('../pages/profile-sections'),
          import('../pages/federation-documents'),
        ],
      );
      return () => (
        <ProfilePage
          notFound={<NotFoundPage />}
          nameAs={(view) => <NamePage {...routeNaming(profileViewRoutes[view])} />}
          federationDocuments={<FederationDocuments />}
        >
          <ProfileSections />
        </ProfilePage>
      );
    },
    // Someone's public page; without an id a guest is sent home by the guard, in the browser.
    render: 'server',
    hydrate: 'islands',
    prefetch: prefetchPublicProfile,
  },
  {
    path: '/profile/applications/photo-video/:id',
    guard: 'protected',
    layout: 'signedIn',
    name: 'Мои заявки на фото и видео',
    load: loadMyPhotoVideoPage,
  },
  {
    path: '/profile/create-competition',
    guard: 'organizationOnly',
    layout: 'signedIn',
    name: 'Новое мероприятие',
    load: loadCreateCompetitionPage,
  },
  {
    path: '/profile/create-competition/success',
    guard: 'organizationOnly',
    layout: 'signedIn',
    name: 'Мероприятие создано',
    load: loadCreateCompetitionSuccessPage,
  },
  {
    path: '/profile/edit',
    guard: 'organizationOnly',
    layout: 'signedIn',
    name: 'Редактирование профиля',
    load: loadOrganizationEditPage,
  },
  {
    path: '/profile/submit-documents/:id',
    guard: 'organizationOnly',
    layout: 'signedIn',
    name: 'Документы мероприятия',
    load: loadSubmitDocumentsPage,
  },
  // The notices of the login's accounts (a parent's: the children's too), and which go by SMS and e-mail.
  {
    path: '/notices',
    guard: 'protected',
    layout: 'signedIn',
    name: 'Уведомления',
    title: 'Уведомления',
    load: async () => (await import('../pages/notices-page')).NoticesPage,
  },
  {
    path: '/notices/settings',
    guard: 'protected',
    layout: 'signedIn',
    name: 'Настройки уведомлений',
    title: 'Настройки уведомлений',
    load: async () => (await import('../pages/notice-settings-page')).NoticeSettingsPage,
  },
  {
    path: '/documents/:id',
    guard: 'public',
    layout: 'none',
    name: 'Документ',
    load: () => import('../pages/document-page').then((m) => m.DocumentPage),
    render: 'server',
    prefetch: prefetchOfferDocument,
  },
  {
    path: '*',
    guard: 'public',
    // Who is looking keeps their frame: a signed-in user who mistypes an address is still signed in.
    layout: 'dynamic',
    name: 'Страница не найдена',
    title: 'Competitions | Error 404',
    load: () => import('../pages/not-found-page').then((m) => m.NotFoundPage),
    render: 'server',
  },
];

/**
 * Someone else's profile is named as the directory it belongs to (spec §2: 'Спортсмены' for an athlete,
 * 'Организации' for an organization). The federation is an organization: its /profile/{id} (the menus'
 * «Федерация») is 'Организации' too; only /fk carries the short name.
 */
export const profileViewRoutes = {
  sportsman: '/sportsmen',
  organization: '/organizations',
  federation: '/organizations',
} as const satisfies Record<PublicProfileView, string>;

/** A route's name and title as this table gives them, for a page that names itself as that route. */
export function routeNaming(path: string): PageNaming {
  const route = portalRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`The route table has no ${path}`);
  return { name: route.name, title: route.title ?? DEFAULT_TITLE };
}
