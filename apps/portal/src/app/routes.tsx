import type { ComponentType } from 'react';

/** Who may open a route (architecture §5). Later issues add the session-aware guards. */
export type RouteGuard = 'public';

/** Which frame a route renders in. */
export type RouteLayout = 'guest' | 'none';

export interface PortalRoute {
  path: string;
  guard: RouteGuard;
  layout: RouteLayout;
  /** Document title; routes the spec gives no title keep the portal's default. */
  title?: string;
  /** Each page is its own lazily loaded chunk. */
  load: () => Promise<ComponentType>;
}

/** Every route of the portal, in one table. Guards, layouts and titles are read from here only. */
export const portalRoutes: readonly PortalRoute[] = [
  {
    path: '/',
    guard: 'public',
    layout: 'guest',
    load: () => import('../pages/home-page').then((m) => m.HomePage),
  },
  {
    path: '*',
    guard: 'public',
    layout: 'guest',
    title: 'Competitions | Error 404',
    load: () => import('../pages/not-found-page').then((m) => m.NotFoundPage),
  },
];

export const DEFAULT_TITLE = 'ФКЕ — портал федерации';
