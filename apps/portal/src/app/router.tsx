import { useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useParams,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom';
import type { PagePrefetch } from '@fed/api-client';
import {
  redirectConsumed,
  redirectRemembered,
  referrerOnThisSite,
  returnAfterSignIn,
  selectContractorType,
  selectIsAuthenticated,
  selectSigningIn,
  type VisitedPage,
} from '@fed/auth-session';
import { ProgressBar } from '@fed/ui-kit';
import { resolveGuard } from './guards';
import { nextTask } from './next-task';
import { prefetchOfferDocuments } from './legal-documents-api';
import { DocumentTitle, PageNamingProvider, type RouteHandle } from './route-title';
import type { PortalState } from './store';
import { DynamicLayout } from '../layouts/dynamic-layout';
import { LazySignedInLayout } from '../layouts/lazy-signed-in-layout';
import { GuestLayout } from '../layouts/guest-layout';
import { RouteErrorPage } from '../pages/error-page';
import { DEFAULT_TITLE, portalRoutes, type PortalRoute, type RouteLayout } from './routes';

function PageViews({ report }: { report: (url: string) => void }) {
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  useEffect(() => report(url), [report, url]);
  return null;
}

export interface RouterOptions {
  /** Tells analytics about each page the user sees. */
  reportPageView?: (url: string) => void;
}

/** What a frame reads on every page it holds (the footer's documents): the server renders the frame with it. */
export const layoutPrefetch: Partial<Record<RouteLayout, PagePrefetch>> = {
  guest: prefetchOfferDocuments,
  dynamic: prefetchOfferDocuments,
  registration: prefetchOfferDocuments,
  signedIn: prefetchOfferDocuments,
};

const ignorePageView = () => undefined;

/** The route table's page an address is, by the router's own matching. */
function tablePageAt(pathname: string): PortalRoute | undefined {
  const matches = matchRoutes(
    portalRoutes.map((route) => ({ id: route.path, path: route.path })),
    pathname,
  );
  return portalRouteOf(matches?.at(-1)?.route.id ?? '');
}

/** The portal's page the browser came from to the first page of this load (`referrerOnThisSite`), if any. */
function referringPage(): VisitedPage | null {
  const referrer = referrerOnThisSite();
  const route = referrer && tablePageAt(referrer.pathname);
  return referrer && route
    ? { path: route.path, guard: route.guard, url: `${referrer.pathname}${referrer.search}` }
    : null;
}

/**
 * Remembers the page a guest goes to sign in from, or forgets an older one, as `returnAfterSignIn` says
 * (spec §2); the sign-in takes the memory when it ends.
 */
function ReturnAfterSignIn() {
  const location = useLocation();
  const matches = useMatches();
  const authenticated = useSelector((state: PortalState) => selectIsAuthenticated(state));
  const dispatch = useDispatch();
  // `undefined` until the first page of this load is shown: that one came from the referrer, if anywhere.
  const previous = useRef<VisitedPage | null | undefined>(undefined);
  // The deepest match is the route table's page (its id is the table's path); the layouts above it are not.
  const route = portalRouteOf(matches.at(-1)?.id ?? '');
  const url = `${location.pathname}${location.search}`;
  const path = route?.path;
  const guard = route?.guard;
  useEffect(() => {
    if (!path || !guard) return;
    const page: VisitedPage = { path, guard, url };
    const from = previous.current === undefined ? referringPage() : previous.current;
    const memory = returnAfterSignIn(from, page, authenticated);
    if (memory.kind === 'remember') dispatch(redirectRemembered(memory.to));
    if (memory.kind === 'forget') dispatch(redirectConsumed());
    previous.current = page;
  }, [dispatch, path, guard, url, authenticated]);
  return null;
}

function Root({ reportPageView }: { reportPageView: (url: string) => void }) {
  const navigation = useNavigation();
  return (
    <PageNamingProvider>
      <ProgressBar state={navigation.state === 'idle' ? 'finished' : 'loading'} />
      <PageViews report={reportPageView} />
      <ReturnAfterSignIn />
      {/*
       * A new page opens at its top (a form sent at the bottom of one leads to the top of the next), Back returns
       * where the page was left. Keyed by the path: a filter or a page number written into the address is the
       * same page, and the list stays where the visitor is reading.
       */}
      <ScrollRestoration getKey={(location) => location.pathname} />
      <Outlet />
    </PageNamingProvider>
  );
}

const layoutElements: Record<RouteLayout, ReactElement> = {
  guest: <GuestLayout />,
  signedIn: <LazySignedInLayout />,
  signedInNoFooter: <LazySignedInLayout footer={false} />,
  dynamic: <DynamicLayout />,
  registration: <DynamicLayout guestWhileSigningIn />,
  none: <Outlet />,
};

/** Applies a route's guard: renders the page, or redirects and remembers where to return after login. */
function RouteGate({ route, children }: { route: PortalRoute; children: ReactNode }) {
  const authenticated = useSelector((state: PortalState) => selectIsAuthenticated(state));
  const contractorType = useSelector((state: PortalState) => selectContractorType(state));
  const signingIn = useSelector((state: PortalState) => selectSigningIn(state));
  const location = useLocation();
  const params = useParams();
  const dispatch = useDispatch();
  const verdict = resolveGuard(
    route.guard,
    { authenticated, contractorType, signingIn },
    { pathname: location.pathname, search: location.search, params },
    { returnTo: route.returnTo },
  );
  const rememberAs = verdict.kind === 'redirect' ? verdict.rememberAs : undefined;
  useEffect(() => {
    if (rememberAs) dispatch(redirectRemembered(rememberAs));
  }, [dispatch, rememberAs]);
  return verdict.kind === 'allow' ? children : <Navigate to={verdict.to} replace />;
}

const loadNotFound = () => import('../pages/not-found-page').then((m) => m.NotFoundPage);

/**
 * A route whose page a later issue builds still applies its guard (a guest is sent to log in, and comes
 * back), then shows the 404 view (which titles the document itself) under the route's name; the route table is
 * the contract, the page fills it in.
 */
function toRouteObject(route: PortalRoute): RouteObject {
  return {
    // The route table's path is the route's id: the server finds the table's entry of what it matched.
    id: route.path,
    path: route.path,
    handle: { name: route.name } satisfies RouteHandle,
    lazy: async () => {
      // Asked for in a task of its own: asking inserts a link for every file the page needs, and doing that in
      // the task that navigated (a press, or the answer to one) made one long task of the two.
      await nextTask();
      const Page = await (route.load ?? loadNotFound)();
      return {
        Component: () => (
          <RouteGate route={route}>
            {route.load && <DocumentTitle title={route.title ?? DEFAULT_TITLE} />}
            <Page />
          </RouteGate>
        ),
      };
    },
  };
}

/** Routes that have their page; the chunks worth preloading. */
export function routedPages(routes: readonly PortalRoute[]): PortalRoute[] {
  return routes.filter((route) => Boolean(route.load));
}

/**
 * Builds the router from the route table: one layout route per layout, pages as its lazy children. A page that
 * fails shows the error view in the frame of who is looking (guest or signed in); only when that frame fails
 * too does the error view stand alone.
 */
export function buildRouteObjects(
  routes: readonly PortalRoute[],
  options: RouterOptions = {},
): RouteObject[] {
  const layouts = [...new Set(routes.map((route) => route.layout))];
  return [
    {
      element: <Root reportPageView={options.reportPageView ?? ignorePageView} />,
      errorElement: <RouteErrorPage />,
      // Lazy pages load before the first paint; the empty root stays until then.
      hydrateFallbackElement: <></>,
      children: [
        {
          errorElement: <RouteErrorPage framed />,
          children: layouts.map((layout) => ({
            element: layoutElements[layout],
            children: routes.filter((route) => route.layout === layout).map(toRouteObject),
          })),
        },
      ],
    },
  ];
}

/** The route table's entry of a matched route (its id), if it is one of the table's pages. */
export function portalRouteOf(id: string): PortalRoute | undefined {
  return portalRoutes.find((route) => route.path === id);
}

/**
 * Loads the pages the address matches before the router starts: hydrating a server-rendered page must render
 * exactly what the server did, not the empty fallback of a route still loading.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export interface PortalRouterOptions extends RouterOptions {
  /** The server's router state, for a page it rendered (hydration). */
  hydrationData?: HydrationState;
  /** The route objects, when made beforehand (to load the matched pages first). */
  routes?: RouteObject[];
}

export function createPortalRouter(options: PortalRouterOptions = {}) {
  const routes = options.routes ?? buildRouteObjects(portalRoutes, options);
  return createBrowserRouter(routes, { hydrationData: options.hydrationData });
}
