import { configureStore } from '@reduxjs/toolkit';
import { apiStateRehydrated, baseApi } from '@fed/api-client';
import { bindSession, initialSessionState, preloadedSession, sessionSlice } from '@fed/auth-session';

/** How long answers are gathered before the page hears of them: about one frame. */
const AUTO_BATCH_WINDOW_MS = 10;

function makeStore(session = initialSessionState) {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.name]: sessionSlice.reducer },
    preloadedState: { [sessionSlice.name]: session },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
    // The answers that arrive together are told to the page together, in a task of their own (by default, in the
    // next animation frame: the page's render then shared one task with the frame's layout, a long one on a phone).
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'timer', timeout: AUTO_BATCH_WINDOW_MS } }),
  });
}

/**
 * The browser's store: the session as stored, bound to storage and the API client; for a page the server
 * rendered, the answers it was rendered with (`apiState`), so that its queries are not asked again.
 */
export function createPortalStore(apiState?: unknown) {
  const store = makeStore(preloadedSession());
  if (apiState !== undefined) store.dispatch(apiStateRehydrated(apiState));
  bindSession(store);
  return store;
}

/** The server renderer's store for one page: a guest's, bound to nothing outside it. */
export function createServerStore() {
  return makeStore();
}

export type PortalStore = ReturnType<typeof makeStore>;
export type PortalState = ReturnType<PortalStore['getState']>;
