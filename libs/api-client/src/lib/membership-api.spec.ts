import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { membershipApi } from './membership-api';

/** A store with the one API, and a fake proxy recording the input of each `getMembershipStatus` read. */
function setup() {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const platformUrl = new URL(request.url).searchParams.get('url') ?? '';
      const data = new URLSearchParams(platformUrl.split('?')[1]).get('data') ?? 'null';
      asked.push(JSON.parse(data) as unknown);
      return new Response(JSON.stringify({ success: true, data: { sportsmanId: 'sp-1' } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const store = configureStore({
    reducer: { [membershipApi.reducerPath]: membershipApi.reducer },
    middleware: (getDefault) => getDefault().concat(membershipApi.middleware),
  });
  return { store, asked };
}

describe('membershipApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the status with the event when there is one, and keeps each answer apart', async () => {
    const { store, asked } = setup();
    const status = membershipApi.endpoints.membershipStatus;
    await store.dispatch(status.initiate({ sportsmanId: 'sp-1' }));
    await store.dispatch(status.initiate({ sportsmanId: 'sp-1', competitionId: 'ev-1' }));
    // Asked again: both are cached, under their own arguments.
    await store.dispatch(status.initiate({ sportsmanId: 'sp-1' }));
    await store.dispatch(status.initiate({ sportsmanId: 'sp-1', competitionId: 'ev-1' }));
    expect(asked).toEqual([{ sportsmanId: 'sp-1' }, { sportsmanId: 'sp-1', competitionId: 'ev-1' }]);
  });
});
