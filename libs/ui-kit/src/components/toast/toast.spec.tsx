import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';
import { createToastStore, toast } from './toast-store';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a toast for 5000 ms, then lets it leave for 300 ms', () => {
    const store = createToastStore();
    const id = store.info('Заявка отправлена');
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()).toEqual([
      { id, type: 'info', content: 'Заявка отправлена', lifetime: 5000, leaving: false },
    ]);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.leaving).toBe(true);
    vi.advanceTimersByTime(299);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps each toast’s own lifetime, icon and direction, and only those given', () => {
    const store = createToastStore();
    const mark = <span>★</span>;
    store.success('Своя отметка', { lifetime: 800, icon: mark, direction: 'bottom' });
    store.info('Без отметки', { icon: null });
    store.warning('Как у типа');
    const [own, none, typed] = store.getSnapshot();
    expect(own).toMatchObject({ type: 'success', lifetime: 800, icon: mark, direction: 'bottom' });
    expect(none).toHaveProperty('icon', null);
    expect(none).not.toHaveProperty('direction');
    expect(typed).not.toHaveProperty('icon');
    expect(typed?.lifetime).toBe(5000);
  });

  it('honours a custom lifetime, and Infinity waits for a click', () => {
    const store = createToastStore();
    store.warning('Скоро', { lifetime: 1000 });
    const sticky = store.error('Навсегда', { lifetime: Infinity });
    vi.advanceTimersByTime(1300);
    expect(store.getSnapshot().map((t) => t.content)).toEqual(['Навсегда']);
    store.dismiss(sticky);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toEqual([]);
  });
});

describe('ToastProvider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => toast.clear());
    vi.useRealTimers();
  });

  it('shows toasts pushed from outside React, each with its type, icon and role', async () => {
    render(<ToastProvider />);
    act(() => {
      toast.success('Аккаунт **успешно** добавлен');
      toast.error('Произошла неожиданная ошибка');
    });
    const region = screen.getByRole('region', { name: 'Уведомления' });
    const status = within(region).getByRole('status');
    // The markdown renderer arrives on demand, for the first toast that needs it.
    await vi.waitFor(() => expect(status.querySelector('strong')).toHaveTextContent('успешно'));
    expect(status).toHaveTextContent('Успешно: Аккаунт успешно добавлен');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const alert = within(region).getByRole('alert');
    expect(alert).toHaveTextContent('Ошибка: Произошла неожиданная ошибка');
    expect(alert).toHaveAttribute('data-type', 'error');

    vi.useRealTimers();
    await expectNoSeriousAxeViolations(region);
  });

  it('puts each toast’s live region in the page before its words, so that screen readers read them out', () => {
    render(<ToastProvider />);
    const region = screen.getByRole('region', { name: 'Уведомления' });
    const observer = new MutationObserver(() => undefined);
    observer.observe(region, { childList: true, subtree: true });
    act(() => {
      toast.success('Профиль сохранён');
    });
    const changes = observer.takeRecords();
    observer.disconnect();
    const live = within(region).getByRole('status');
    expect(live).toHaveTextContent('Успешно: Профиль сохранён');
    // First the live region alone, then, in a later change, its words inside it: a region that arrives with its
    // text is not read out everywhere.
    const added = changes.findIndex((change) => [...change.addedNodes].includes(live));
    const worded = changes.findIndex(
      (change) => live.contains(change.target) && change.target !== live && change.addedNodes.length > 0,
    );
    expect(added).toBeGreaterThanOrEqual(0);
    expect(worded).toBeGreaterThan(added);
  });

  it('renders markdown safely: links in a new tab, raw HTML stripped, javascript: inert', async () => {
    render(<ToastProvider />);
    act(() => {
      toast.info('[Регламент](https://example.org) <img src=x onerror="alert(1)"> [x](javascript:alert(1))');
    });
    const status = screen.getByRole('status');
    await vi.waitFor(() => expect(status.querySelectorAll('a')).toHaveLength(2));
    const [safe, inert] = Array.from(status.querySelectorAll('a'));
    expect(safe).toHaveAttribute('target', '_blank');
    expect(safe).toHaveAttribute('rel', 'noopener noreferrer');
    expect(inert).not.toHaveAttribute('href');
    expect(status.querySelector('img')).toBeNull();
  });

  it('leaves after its lifetime with a 300 ms transition', () => {
    render(<ToastProvider />);
    act(() => void toast.info('Сохранено'));
    advance(5000);
    expect(screen.getByRole('status')).toHaveAttribute('data-leaving', 'true');
    advance(300);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is dismissed by a click on it or on its close button', () => {
    render(<ToastProvider />);
    act(() => {
      toast.info('Первое');
      toast.warning('Второе');
    });
    fireEvent.click(screen.getByText('Первое'));
    fireEvent.click(
      within(screen.getByText('Второе').closest('[role]') as HTMLElement).getByRole('button', {
        name: 'Закрыть уведомление',
      }),
    );
    advance(300);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stacks from the provider’s edge and serves useToast() with its own store', () => {
    const store = createToastStore();
    function Save() {
      const notify = useToast();
      return (
        <button type="button" onClick={() => notify.success('Готово')}>
          Сохранить
        </button>
      );
    }
    render(
      <ToastProvider direction="bottom" store={store}>
        <Save />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Готово');
    expect(status.parentElement).toHaveAttribute('data-direction', 'bottom');
    expect(toast.getSnapshot()).toEqual([]);
  });

  it('puts a toast with its own direction at that edge, the others at the provider’s', () => {
    render(<ToastProvider direction="top" />);
    act(() => {
      toast.info('Сверху');
      toast.info('Снизу', { direction: 'bottom' });
      toast.info('Тоже сверху', { direction: 'top' });
    });
    const region = screen.getByRole('region', { name: 'Уведомления' });
    const edgeOf = (text: string) => screen.getByText(text).closest('[data-direction]');
    expect(edgeOf('Сверху')).toHaveAttribute('data-direction', 'top');
    expect(edgeOf('Тоже сверху')).toBe(edgeOf('Сверху'));
    expect(edgeOf('Снизу')).toHaveAttribute('data-direction', 'bottom');
    expect(region).toContainElement(edgeOf('Снизу') as HTMLElement);
  });

  it('shows a toast’s own icon instead of its type’s, or none, always hidden from screen readers', () => {
    render(<ToastProvider />);
    act(() => {
      toast.success('Своя', { icon: <svg data-testid="medal" /> });
      toast.success('Никакой', { icon: null });
      toast.success('Обычная');
    });
    const [own, none, typed] = screen.getAllByRole('status');
    expect(
      within(own as HTMLElement)
        .getByTestId('medal')
        .closest('[aria-hidden="true"]'),
    ).not.toBeNull();
    expect(own?.querySelectorAll('svg')).toHaveLength(1);
    expect(none?.querySelector('svg')).toBeNull();
    expect(typed?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(typed).toHaveTextContent('Успешно: Обычная');
  });

  it('leaves after its own lifetime', () => {
    render(<ToastProvider />);
    act(() => void toast.warning('Коротко', { lifetime: 1200 }));
    advance(1199);
    expect(screen.getByRole('status')).not.toHaveAttribute('data-leaving');
    advance(1);
    expect(screen.getByRole('status')).toHaveAttribute('data-leaving', 'true');
    advance(300);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('dismisses itself when its link is clicked, the link opening in a new tab', async () => {
    render(<ToastProvider />);
    act(() => void toast.info('Статус — в [личном кабинете](https://example.org/profile)'));
    const link = await vi.waitFor(() => {
      const found = screen.getByRole('link', { name: 'личном кабинете' });
      return found;
    });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    // jsdom does not navigate; what matters is that the click reaches the toast.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(screen.getByRole('status')).toHaveAttribute('data-leaving', 'true');
    advance(300);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
