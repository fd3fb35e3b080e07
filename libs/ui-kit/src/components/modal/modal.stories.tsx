import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { TextInput } from '../text-input/text-input';
import { Modal, type ModalProps } from './modal';

function Stateful(props: Omit<ModalProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Открыть окно</Button>
      <Modal {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}

const form = (
  <div style={{ display: 'grid', gap: 16 }}>
    <TextInput label="Фамилия" required />
    <TextInput label="Имя" required />
    <TextInput label="Отчество" />
  </div>
);

const footer = (
  <>
    <Button variant="secondary">Отмена</Button>
    <Button type="submit">Добавить</Button>
  </>
);

const meta: Meta<typeof Stateful> = {
  title: 'Overlays/Modal',
  component: Stateful,
  args: { title: 'Добавление нового аккаунта', children: form },
};
export default meta;

type Story = StoryObj<typeof Stateful>;

/** A bottom sheet with a drag handle below 768 px, a centred dialog above. */
export const Default: Story = {};
export const WithDescriptionAndFooter: Story = {
  args: {
    description: 'Новый аккаунт спортсмена будет привязан к текущему входу и вашему номеру телефона.',
    footer,
  },
};
/** Content busy under the spinner; close icon, backdrop and Escape do nothing until done. */
export const Loading: Story = { args: { loading: true, footer } };
export const LongContent: Story = {
  args: {
    title: 'Пользовательское соглашение',
    children: Array.from({ length: 30 }, (_, i) => (
      <p key={i}>
        {i + 1}. Пользователь обязуется указывать достоверные сведения о себе при регистрации и подаче заявок.
      </p>
    )),
  },
};
/** The spec's no-swap option: no drag handle and no drag even on phones. */
export const NoSwap: Story = { args: { noSwap: true } };
export const NotDraggableOnMobile: Story = { args: { draggableOnMobile: false } };
export const Small: Story = { args: { size: 'sm', title: 'Выйти из аккаунта?', children: null, footer } };

/** Opened from its button, closed by Escape: Tab stays inside meanwhile, and focus goes back to the button. */
export const GivesFocusBack: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.keyboard('{Escape}');
    const opener = within(canvasElement).getByRole('button', { name: 'Открыть окно' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Добавление нового аккаунта' });
    for (let press = 0; press < 8; press += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await expect(opener).toHaveFocus();
  },
};
