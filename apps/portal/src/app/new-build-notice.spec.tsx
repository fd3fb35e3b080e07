import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_POLL_INTERVAL_MS } from '@fed/contracts';
import { watchForNewBuild } from './build-watch';
import { NewBuildNotice } from './new-build-notice';

describe('NewBuildNotice', () => {
  afterEach(() => vi.useRealTimers());

  it('shows nothing until a new build is served, then the notice, and reloads only when asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let served = 'b-1';
    const fetchLatest = vi.fn(async () => served);
    const reload = vi.fn();
    const watch = (onNewBuild: () => void) =>
      watchForNewBuild({ currentBuildId: 'b-1', fetchLatest }, onNewBuild);
    const { container } = render(<NewBuildNotice watch={watch} reload={reload} />);

    await act(() => vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS));
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(container).toBeEmptyDOMElement();

    served = 'b-2';
    await act(() => vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Доступна новая версия');
    // Not a forced reload: the person may be typing.
    await act(() => vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3));
    expect(reload).not.toHaveBeenCalled();

    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Обновить' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stops its watch when it leaves the page', () => {
    const stop = vi.fn();
    const { unmount } = render(<NewBuildNotice watch={() => stop} reload={() => undefined} />);
    unmount();
    expect(stop).toHaveBeenCalled();
  });
});
