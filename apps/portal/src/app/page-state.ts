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

/** The state of a server-rendered page, or null for the app's shell (or a page whose state cannot be read). */
export function readPageState(doc: Document = document): PageState | null {
  const text = doc.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<PageState>;
    return state && typeof state === 'object' && state.router && Array.isArray(state.chunks)
      ? (state as PageState)
      : null;
  } catch {
    return null;
  }
}

/** The state as the page's JSON element: `<` escaped, so no text inside can close the element. */
export function pageStateElement(state: PageState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script id="${PAGE_STATE_ID}" type="application/json">${json}</script>`;
}
