import type { Clock } from '@fed/calendar';
import type { PublicConfig } from './public-config';

/**
 * The cookie the portal's session code sets while someone is signed in on this browser (`1`), and removes at
 * sign-out. It is a hint, not a credential: the tokens stay in the page's storage. With it the api answers a
 * page with the app's shell, which renders the signed-in page, instead of the guest's page rendered on the
 * server (a flash of the guest page before the signed-in one).
 */
export const SIGNED_IN_COOKIE = 'fed_signed_in';

/** Where the portal build writes its server renderer, beside the browser's files (`dist/apps/portal`). */
export const PORTAL_RENDERER_PATH = '../portal-server/render.mjs';

/** One page to render: its address (path and query) and the page template, the api's `index.html`. */
export interface PageRenderRequest {
  url: string;
  template: string;
}

/** A page rendered on the server: the whole HTML document and the status it is answered with. */
export interface RenderedPage {
  status: number;
  html: string;
}

/** The portal's server renderer, as the api calls it (the render module's `createPortalRenderer`). */
export interface PortalRenderer {
  /** The page at `url` rendered for a guest, or null for an address the portal renders in the browser only. */
  render(request: PageRenderRequest): Promise<RenderedPage | null>;
  /**
   * The app's shell for `url`, for pages rendered in the browser: the template with the app's chunks and those of
   * the page at `url` preloaded, so that they load beside each other rather than one after another.
   */
  shell(template: string, url: string): string;
}

export interface PortalRendererOptions {
  /** The built portal (`dist/apps/portal`): its manifest says which files each page needs. */
  clientDir: string;
  publicConfig: PublicConfig;
  /**
   * How the renderer's requests reach the api: absolute URLs on a fixed origin of the portal's
   * (`SERVER_RENDER_ORIGIN` of the api client) whose path and query are the api's.
   */
  fetch: typeof fetch;
  /** The api's clock: a page rendered on the server shows the api's "today". The process clock by default. */
  clock?: Clock;
}

/** What the render module exports. */
export type CreatePortalRenderer = (options: PortalRendererOptions) => Promise<PortalRenderer>;
