import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/button';
import { ToastProvider, useToast, type ToastDirection } from './toast-provider';
import { createToastStore, type ToastType } from './toast-store';

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

function Pushers() {
  const notify = useToast();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: 16 }}>
      {(Object.keys(samples) as ToastType[]).map((type) => (
        <Button key={type} variant="secondary" onClick={() => notify.show(type, samples[type])}>
          {typeLabels[type]}
        </Button>
      ))}
    </div>
  );
}

/** A store per story, prefilled with toasts that stay until clicked so every state can be seen. */
function Demo({ direction, types }: { direction: ToastDirection; types: ToastType[] }) {
  const [store] = useState(() => {
    const prefilled = createToastStore();
    types.forEach((type) => prefilled.show(type, samples[type], { lifetime: Infinity }));
    return prefilled;
  });
  return (
    <ToastProvider store={store} direction={direction}>
      <Pushers />
    </ToastProvider>
  );
}

const meta: Meta<typeof Demo> = {
  title: 'Feedback/Toast',
  component: Demo,
  parameters: { layout: 'fullscreen' },
  args: { direction: 'top', types: [] },
};
export default meta;

type Story = StoryObj<typeof Demo>;

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
