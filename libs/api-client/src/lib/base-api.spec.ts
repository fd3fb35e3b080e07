import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from './base-api';

describe('baseApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets a domain library inject an endpoint and fetch through the store', async () => {
    const fetchMock = vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/api/health');
      return new Response(JSON.stringify({ status: 'ok' }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const healthApi = baseApi.injectEndpoints({
      endpoints: (build) => ({
        health: build.query<{ status: string }, void>({ query: () => 'api/health' }),
      }),
    });
    const store = configureStore({
      reducer: { [baseApi.reducerPath]: baseApi.reducer },
      middleware: (getDefault) => getDefault().concat(baseApi.middleware),
    });

    const result = await store.dispatch(healthApi.endpoints.health.initiate());

    expect(result.data).toEqual({ status: 'ok' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
