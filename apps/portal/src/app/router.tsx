import { useEffect, type ReactElement } from 'react';
import { createBrowserRouter, Outlet, useMatches, type RouteObject } from 'react-router-dom';
import { GuestLayout } from '../layouts/guest-layout';
import { RouteErrorPage } from '../pages/error-page';
import { DEFAULT_TITLE, portalRoutes, type PortalRoute, type RouteLayout } from './routes';

interface RouteHandle {
  title?: string;
}

function DocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  useEffect(() => {
    document.title = title?.title ?? DEFAULT_TITLE;
  }, [title]);
  return null;
}

function Root() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

const layoutElements: Record<RouteLayout, ReactElement> = {
  guest: <GuestLayout />,
  none: <Outlet />,
};

function toRouteObject(route: PortalRoute): RouteObject {
  return {
    path: route.path,
    handle: { title: route.title } satisfies RouteHandle,
    lazy: async () => ({ Component: await route.load() }),
  };
}

/** Builds the router from the route table: one layout route per layout, pages as its lazy children. */
export function buildRouteObjects(routes: readonly PortalRoute[]): RouteObject[] {
  const layouts = [...new Set(routes.map((route) => route.layout))];
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      // Lazy pages load before the first paint; the empty root stays until then.
      hydrateFallbackElement: <></>,
      children: layouts.map((layout) => ({
        element: layoutElements[layout],
        children: routes.filter((route) => route.layout === layout).map(toRouteObject),
      })),
    },
  ];
}

export function createPortalRouter() {
  return createBrowserRouter(buildRouteObjects(portalRoutes));
}
