import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextInput } from './text-input';

const meta: Meta<typeof TextInput> = {
  title: 'Forms/TextInput',
  component: TextInput,
  args: { label: 'Фамилия', placeholder: 'Иванов' },
};
export default meta;

type Story = StoryObj<typeof TextInput>;

export const Empty: Story = {};
export const WithHint: Story = { args: { hint: 'Как в паспорте', required: true } };
export const Filled: Story = { args: { defaultValue: 'Петрова' } };
export const WithError: Story = { args: { defaultValue: 'П', error: 'Минимум 2 символов' } };
export const Disabled: Story = { args: { label: 'Отчество', disabled: true, defaultValue: '' } };
