import { createAction } from '@reduxjs/toolkit';
import type { CombinedState, EndpointDefinitions } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { portalBaseQuery } from './portal-client';

/**
 * Seeds a store with the API state the server rendered the page with (its store's `api` slice), so that nothing
 * the page carried is asked again.
 */
export const apiStateRehydrated = createAction<unknown>('api/stateRehydrated');

/**
 * The one RTK Query API of the portal. It declares no endpoints: each domain library adds its own
 * with `baseApi.injectEndpoints` in its `api/` folder, so a page's endpoints ship in the page's chunk.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: portalBaseQuery,
  endpoints: () => ({}),
  // RTK Query takes the fulfilled and failed queries of the server's state (its `queries` and their tags); the
  // page's JSON is that state as the server's store held it.
  extractRehydrationInfo: (action) =>
    apiStateRehydrated.match(action)
      ? (action.payload as CombinedState<EndpointDefinitions, string, 'api'>)
      : undefined,
});
