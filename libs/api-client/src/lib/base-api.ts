import { createApi } from '@reduxjs/toolkit/query/react';
import { createPortalBaseQuery } from './portal-base-query';
import { currentSession } from './session-port';

const portalBaseQuery = createPortalBaseQuery({
  // Absolute, because Request needs an absolute URL outside the browser (tests, workers).
  baseUrl: `${globalThis.location?.origin ?? ''}/`,
  session: currentSession,
});

/**
 * The one RTK Query API of the portal. It declares no endpoints: each domain library adds its own
 * with `baseApi.injectEndpoints` in its `api/` folder, so a page's endpoints ship in the page's chunk.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: portalBaseQuery,
  endpoints: () => ({}),
});

/** Refreshes the tokens through the same single-flight refresh the calls use (start-up uses it). */
export const refreshSession = () => portalBaseQuery.refresh();
