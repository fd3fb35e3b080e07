import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { Dropdown } from './dropdown';

const meta: Meta<typeof Dropdown> = {
  title: 'Overlays/Dropdown',
  component: Dropdown,
  args: {
    trigger: 'Иванов Пётр',
    align: 'start',
    items: [
      { key: 'switch', label: 'Петрова Анна — выбрать' },
      { key: 'add', label: 'Добавить нового спортсмена' },
      { key: 'logout', label: 'Выйти из аккаунта', danger: true },
    ],
  },
  decorators: [(Story) => <div style={{ minHeight: 260 }}>{Story()}</div>],
};
export default meta;

type Story = StoryObj<typeof Dropdown>;

export const Closed: Story = {};
export const Open: Story = { args: { open: true } };
export const WithHeader: Story = {
  args: { open: true, children: <strong>Выберите аккаунт</strong> },
};
/** Stays open on outside clicks; Escape or choosing an item closes it. */
export const Persistent: Story = { args: { persistent: true } };
export const Disabled: Story = { args: { disabled: true } };
export const WithDisabledItem: Story = {
  args: {
    open: true,
    items: [
      { key: 'switch', label: 'Петрова Анна — выбрать' },
      { key: 'add', label: 'Добавить нового спортсмена', disabled: true },
    ],
  },
};

/** From the keyboard: Enter opens it, the arrows move, and the item reached shows the kit's focus ring. */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}');
    const item = await screen.findByRole('menuitem', { name: 'Добавить нового спортсмена' });
    await expect(item).toHaveFocus();
    const style = getComputedStyle(item);
    await expect(style.outlineStyle).toBe('solid');
    await expect(parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(2);
  },
};
