import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';
import {
  createToastStore,
  TOAST_TRANSITION,
  type ToastDirection,
  type ToastOptions,
  type ToastType,
} from './toast-store';

const typeLabels: Record<ToastType, string> = {
  success: 'Успех',
  error: 'Ошибка',
  info: 'Информация',
  warning: 'Предупреждение',
};

const samples: Record<ToastType, string> = {
  success: 'Аккаунт успешно добавлен',
  error: 'Произошла неожиданная ошибка',
  info: 'Заявка отправлена. Статус — в [личном кабинете](https://example.org/profile).',
  warning: '**Внимание:** приём заявок закрывается *завтра в 18:00*',
};

/** A toast a story starts with: type, markdown content and the options of spec §2. */
interface Prefilled {
  type: ToastType;
  content: string;
  options?: ToastOptions;
}

/** A short lifetime, so that a story can watch a toast leave by itself. */
const SHORT_LIFETIME = 1500;

const medal = (
  <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
    <circle cx="12" cy="9" r="6" fill="currentColor" />
    <path d="M8 14l-2 8 6-3 6 3-2-8" fill="currentColor" opacity="0.6" />
  </svg>
);

function Pushers() {
  const notify = useToast();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: 16 }}>
      {(Object.keys(samples) as ToastType[]).map((type) => (
        <Button key={type} variant="secondary" onClick={() => notify.show(type, samples[type])}>
          {typeLabels[type]}
        </Button>
      ))}
      <Button
        variant="secondary"
        onClick={() => notify.info('Уйдёт через полторы секунды', { lifetime: SHORT_LIFETIME })}
      >
        Короткое
      </Button>
      <Button variant="secondary" onClick={() => notify.success('Снизу', { direction: 'bottom' })}>
        Снизу
      </Button>
    </div>
  );
}

/** A store per story, prefilled with toasts that stay until clicked (unless they set a lifetime). */
function Demo({
  direction,
  types,
  toasts = [],
}: {
  direction: ToastDirection;
  types: ToastType[];
  toasts?: Prefilled[];
}) {
  const [store] = useState(() => {
    const prefilled = createToastStore();
    types.forEach((type) => prefilled.show(type, samples[type], { lifetime: Infinity }));
    toasts.forEach(({ type, content, options }) =>
      prefilled.show(type, content, { lifetime: Infinity, ...options }),
    );
    return prefilled;
  });
  return (
    <ToastProvider store={store} direction={direction}>
      <Pushers />
    </ToastProvider>
  );
}

/**
 * Spec §2: a toast has a type, content (inline markdown: bold, italic, links — links open in a new tab; raw HTML
 * is dropped), a lifetime (5 s by default, `Infinity` until clicked), an icon (the type's mark unless the toast
 * brings its own; `null` for none) and a direction. It leaves after its lifetime or when clicked.
 *
 * **Direction** is the screen edge a toast enters from and stacks at: `top` — under the page header, the newest
 * on top, older ones pushed down; `bottom` — at the foot of the screen, the newest at the bottom, older ones
 * pushed up. The provider's `direction` is every toast's default; a toast's own `direction` puts it at the
 * other edge.
 */
const meta: Meta<typeof Demo> = {
  title: 'Feedback/Toast',
  component: Demo,
  parameters: { layout: 'fullscreen' },
  args: { direction: 'top', types: [] },
};
export default meta;

type Story = StoryObj<typeof Demo>;

const toastSaying = (text: string | RegExp) =>
  screen.getByText(text).closest<HTMLElement>('[role="status"], [role="alert"]');

/** Buttons push toasts with the default 5 s lifetime; click a toast to dismiss it. */
export const Playground: Story = {};
export const Success: Story = { args: { types: ['success'] } };
export const ErrorToast: Story = { name: 'Error', args: { types: ['error'] } };
export const Info: Story = { args: { types: ['info'] } };
export const Warning: Story = { args: { types: ['warning'] } };
export const StackFromTop: Story = { args: { types: ['success', 'info', 'warning', 'error'] } };
export const StackFromBottom: Story = {
  args: { direction: 'bottom', types: ['success', 'info', 'warning', 'error'] },
};

/** Each type says its name to screen readers and shows its mark; an error is an alert, the others a status. */
export const Types: Story = {
  args: { types: ['success', 'info', 'warning', 'error'] },
  play: async () => {
    const region = await screen.findByRole('region', { name: 'Уведомления' });
    await waitFor(() => expect(within(region).getAllByRole('status')).toHaveLength(3));
    await expect(within(region).getByRole('alert')).toHaveTextContent(`Ошибка: ${samples.error}`);
    for (const status of within(region).getAllByRole('status')) {
      await expect(status.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  },
};

/** Inline markdown: bold, italic and a link, which opens in a new tab without a handle on the portal. */
export const MarkdownContent: Story = {
  args: {
    toasts: [
      {
        type: 'info',
        content:
          '**Приём заявок** закрывается *завтра*. Положение — [на сайте федерации](https://example.org/rules). <b>сырой HTML</b> отброшен.',
      },
    ],
  },
  play: async () => {
    const link = await screen.findByRole('link', { name: 'на сайте федерации' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    const status = toastSaying(/закрывается/) as HTMLElement;
    await expect(status.querySelector('strong')).toHaveTextContent('Приём заявок');
    await expect(status.querySelector('em')).toHaveTextContent('завтра');
    await expect(status.querySelector('b')).toBeNull();
  },
};

/** A toast's own icon replaces its type's mark; `icon: null` shows none. */
export const OwnIcon: Story = {
  args: {
    toasts: [
      { type: 'success', content: 'Разряд присвоен', options: { icon: medal } },
      { type: 'info', content: 'Без значка', options: { icon: null } },
    ],
  },
  play: async () => {
    await waitFor(() => expect(toastSaying('Разряд присвоен')).not.toBeNull());
    const own = toastSaying('Разряд присвоен') as HTMLElement;
    const icons = own.querySelectorAll('svg');
    await expect(icons).toHaveLength(1);
    await expect(icons[0]?.querySelector('path')?.getAttribute('d')).toBe('M8 14l-2 8 6-3 6 3-2-8');
    await expect(icons[0]?.closest('[aria-hidden="true"]')).not.toBeNull();
    await expect((toastSaying('Без значка') as HTMLElement).querySelector('svg')).toBeNull();
  },
};

/** The provider stacks at the top; a toast with `direction: 'bottom'` enters from the foot of the screen. */
export const OwnDirection: Story = {
  args: {
    toasts: [
      { type: 'info', content: 'Сверху, как у всех' },
      { type: 'success', content: 'Снизу, своё направление', options: { direction: 'bottom' } },
    ],
  },
  play: async () => {
    await waitFor(() => expect(toastSaying('Снизу, своё направление')).not.toBeNull());
    const top = toastSaying('Сверху, как у всех') as HTMLElement;
    const bottom = toastSaying('Снизу, своё направление') as HTMLElement;
    await expect(top.closest('[data-direction]')).toHaveAttribute('data-direction', 'top');
    await expect(bottom.closest('[data-direction]')).toHaveAttribute('data-direction', 'bottom');
    await expect(bottom.getBoundingClientRect().top).toBeGreaterThan(top.getBoundingClientRect().bottom);
  },
};

/** A click anywhere on a toast dismisses it, after the 300 ms leave transition. */
export const ClickDismisses: Story = {
  args: { types: ['warning'] },
  play: async () => {
    await waitFor(() => expect(toastSaying(/приём заявок закрывается/)).not.toBeNull());
    await userEvent.click(toastSaying(/приём заявок закрывается/) as HTMLElement);
    await waitFor(() => expect(screen.queryByText(/приём заявок закрывается/)).toBeNull(), {
      timeout: TOAST_TRANSITION * 10,
    });
  },
};

/** A toast leaves by itself after its lifetime: here 1.5 s, pushed by «Короткое». */
export const Lifetime: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Короткое' }));
    await expect(await screen.findByText('Уйдёт через полторы секунды')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Уйдёт через полторы секунды')).toBeNull(), {
      timeout: SHORT_LIFETIME + TOAST_TRANSITION * 10,
    });
  },
};
