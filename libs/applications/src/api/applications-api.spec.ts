import { configureStore } from '@reduxjs/toolkit';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, platformScript, setupPortalServer } from '@fed/auth-session/testing';
import { movedTo, requestView } from '../testing/request-view';
import { applicationsApi } from './applications-api';

const server = setupPortalServer();
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

const underReview = movedTo(requestView(), 'under_review');
const listArgs = {
  sportsmanID: 'sp-1',
  payment_status: '',
  query: '',
  nomenclature_type: '',
  from: 0,
  size: 10,
} as const;

function storeWithList() {
  const store = configureStore({
    // The enhanced API is the portal's one `baseApi`, typed with this library's endpoints.
    reducer: { [applicationsApi.reducerPath]: applicationsApi.reducer },
    middleware: (getDefault) => getDefault().concat(applicationsApi.middleware),
  });
  const subscription = store.dispatch(applicationsApi.endpoints.myRequestList.initiate(listArgs));
  const cachedState = () =>
    applicationsApi.endpoints.myRequestList.select(listArgs)(store.getState()).data?.result[0]?.requestState;
  return { store, subscription, cachedState };
}

describe('applicationsApi', () => {
  it('puts the answer’s state into the cached lists at once, then refetches them', async () => {
    let listCalls = 0;
    let releaseRefetch: () => void = () => undefined;
    server.use(
      platformScript('getMyRequestList', async () => {
        listCalls += 1;
        // The refetch after the change hangs until released, so what the cache shows meanwhile is the answer.
        if (listCalls > 1) await new Promise<void>((resolve) => (releaseRefetch = resolve));
        return HttpResponse.json({
          success: true,
          result: [listCalls > 1 ? movedTo(underReview, 'approved') : underReview],
          total: 1,
        });
      }),
      platformScript('changeCompetitionRequestState', () =>
        HttpResponse.json({ success: true, data: movedTo(underReview, 'approved') }),
      ),
    );
    const { store, subscription, cachedState } = storeWithList();
    await subscription;
    expect(cachedState()).toBe('under_review');

    await store.dispatch(
      applicationsApi.endpoints.changeRequestState.initiate({ requestId: 'req-1', requestState: 'approved' }),
    );
    await vi.waitFor(() => expect(cachedState()).toBe('approved'));
    await vi.waitFor(() => expect(listCalls).toBe(2));
    releaseRefetch();
    subscription.unsubscribe();
  });

  it('refetches the lists after a refused change too, since the page’s view was likely stale', async () => {
    let listCalls = 0;
    server.use(
      platformScript('getMyRequestList', () => {
        listCalls += 1;
        return HttpResponse.json({ success: true, result: [underReview], total: 1 });
      }),
      platformScript('changeCompetitionRequestState', () => apiError(400, 'Недопустимый переход заявки')),
    );
    const { store, subscription } = storeWithList();
    await subscription;

    const result = await store.dispatch(
      applicationsApi.endpoints.changeRequestState.initiate({ requestId: 'req-1', requestState: 'paid' }),
    );
    expect(result.error).toMatchObject({ status: 400, data: { message: 'Недопустимый переход заявки' } });
    await vi.waitFor(() => expect(listCalls).toBe(2));
    subscription.unsubscribe();
  });
});
