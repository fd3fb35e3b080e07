import type { Meta, StoryObj } from '@storybook/react-vite';
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
