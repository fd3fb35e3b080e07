import { createApi } from '@reduxjs/toolkit/query/react';
import { createPortalBaseQuery } from './portal-base-query';
import { currentSession } from './session-port';

/**
 * The one RTK Query API of the portal. It declares no endpoints: each domain library adds its own
 * with `baseApi.injectEndpoints` in its `api/` folder, so a page's endpoints ship in the page's chunk.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  // Absolute, because Request needs an absolute URL outside the browser (tests, workers).
  baseQuery: createPortalBaseQuery({
    baseUrl: `${globalThis.location?.origin ?? ''}/`,
    session: currentSession,
  }),
  endpoints: () => ({}),
});
