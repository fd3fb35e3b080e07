import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '@fed/api-client';
import { bindSession, preloadedSession, sessionSlice } from '@fed/auth-session';

export function createPortalStore() {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.name]: sessionSlice.reducer },
    preloadedState: { [sessionSlice.name]: preloadedSession() },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  bindSession(store);
  return store;
}

export type PortalStore = ReturnType<typeof createPortalStore>;
export type PortalState = ReturnType<PortalStore['getState']>;
