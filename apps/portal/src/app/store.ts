import { configureStore } from '@reduxjs/toolkit';
import { apiStateRehydrated, baseApi } from '@fed/api-client';
import { bindSession, initialSessionState, preloadedSession, sessionSlice } from '@fed/auth-session';

function makeStore(session = initialSessionState) {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.name]: sessionSlice.reducer },
    preloadedState: { [sessionSlice.name]: session },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
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
