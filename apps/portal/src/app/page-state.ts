import type { HydrationState } from 'react-router-dom';

/** The element a server-rendered page carries its state in: JSON, never run (the CSP allows no inline script). */
export const PAGE_STATE_ID = 'portal-page-state';

/** What the server rendered a page with, for the browser to take the page over without asking again. */
export interface PageState {
  /** The API slice of the server's store: the answers the page was rendered with. */
  api: unknown;
  /** The router's state (no loaders: empty but for errors). */
  router: HydrationState;
  /** The page's JavaScript chunks, loaded at once beside the app instead of one after another. */
  chunks: string[];
  /**
   * The files of the routes a visitor likely opens next (the route table's `next`), fetched into the cache with
   * manners (`prefetchWhenIdle`): downloaded, not run, so they cost the phone no main-thread time until opened.
   */
  prefetch?: string[];
}

/**
 * What a guest's server-rendered page carries when only its islands are taken over (`hydrate: 'islands'` in the
 * route table): the files of its islands' chunks, loaded at once beside React's DOM renderer. No API or router
 * state: the islands are rendered from their own props, in the page (`Island`).
 */
export interface IslandsPageState {
  islands: string[];
}

/** The event the page's first script waits for: the app, or the page's islands, have taken the page over. */
export const PORTAL_READY_EVENT = 'portal:ready';

/** Says that the page is taken over (the mark tests and benchmarks wait for, and the event `main.tsx` does). */
export function announceReady(doc: Document = document): void {
  doc.documentElement.dataset['portalReady'] = '';
  doc.defaultView?.dispatchEvent(new Event(PORTAL_READY_EVENT));
}

function readState(doc: Document): unknown {
  const text = doc.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The state of a page whose islands only are taken over, or null for any other page. */
export function readIslandsPageState(doc: Document = document): IslandsPageState | null {
  const state = readState(doc) as Partial<IslandsPageState> | null;
  return state && typeof state === 'object' && Array.isArray(state.islands)
    ? (state as IslandsPageState)
    : null;
}

/** The state of a server-rendered page, or null for the app's shell (or a page whose state cannot be read). */
export function readPageState(doc: Document = document): PageState | null {
  const state = readState(doc) as Partial<PageState> | null;
  return state && typeof state === 'object' && state.router && Array.isArray(state.chunks)
    ? (state as PageState)
    : null;
}

/** The state as the page's JSON element: `<` escaped, so no text inside can close the element. */
export function pageStateElement(state: PageState | IslandsPageState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script id="${PAGE_STATE_ID}" type="application/json">${json}</script>`;
}
