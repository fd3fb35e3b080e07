import { describe, expect, it, vi } from 'vitest';
import { queryState } from './query-state';

describe('queryState', () => {
  it('tells loading, a failure in words a person reads, and retries the query', () => {
    const refetch = vi.fn();
    const state = queryState({
      isFetching: false,
      isError: true,
      error: { status: 'FETCH_ERROR', error: 'TypeError' },
      refetch,
    });
    expect(state).toMatchObject({
      fetching: false,
      failed: true,
      errorText: 'Нет связи с сервером. Проверьте подключение',
    });
    state.onRetry();
    expect(refetch).toHaveBeenCalledOnce();
  });
});
