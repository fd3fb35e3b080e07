import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FailedRead, ReloadRetry } from './reload-retry';

describe('a failed read', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('in the app, retries the read', async () => {
    const onRetry = vi.fn();
    render(<FailedRead title="Не удалось загрузить мероприятие" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить мероприятие');
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('as the island of a guest page, loads the page again', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<ReloadRetry title="Не удалось загрузить профиль" />);
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
