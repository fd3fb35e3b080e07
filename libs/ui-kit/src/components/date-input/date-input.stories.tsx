import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DateInput, type DateInputProps } from './date-input';

function Stateful(props: Omit<DateInputProps, 'value' | 'onChange'> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return <DateInput {...props} value={value} onChange={setValue} />;
}

const meta: Meta<typeof Stateful> = {
  title: 'Forms/DateInput',
  component: Stateful,
  args: { label: 'Дата рождения' },
};
export default meta;

type Story = StoryObj<typeof Stateful>;

export const Empty: Story = {};
export const Filled: Story = { args: { initial: '05.03.2012' } };
export const WithError: Story = { args: { initial: '31.02.2012', error: 'Неверная дата' } };
export const Disabled: Story = { args: { initial: '05.03.2012', disabled: true } };
