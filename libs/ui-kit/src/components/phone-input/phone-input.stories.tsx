import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PhoneInput, type PhoneInputProps, type PhoneValue } from './phone-input';

function Stateful(props: Omit<PhoneInputProps, 'value' | 'onChange'> & { initial: PhoneValue }) {
  const [value, setValue] = useState(props.initial);
  return <PhoneInput {...props} value={value} onChange={setValue} />;
}

const meta: Meta<typeof Stateful> = {
  title: 'Forms/PhoneInput',
  component: Stateful,
  args: { label: 'Телефон', initial: { country: 'RU', digits: '' } },
};
export default meta;

type Story = StoryObj<typeof Stateful>;

export const Empty: Story = {};
export const Russia: Story = { args: { initial: { country: 'RU', digits: '9161234567' } } };
export const Belarus: Story = { args: { initial: { country: 'BY', digits: '291234567' } } };
export const Armenia: Story = { args: { initial: { country: 'AM', digits: '77123456' } } };
export const Azerbaijan: Story = { args: { initial: { country: 'AZ', digits: '501234567' } } };
export const WithError: Story = {
  args: { initial: { country: 'RU', digits: '916' }, error: 'Неверный формат телефона' },
};
export const Disabled: Story = { args: { initial: { country: 'RU', digits: '9161234567' }, disabled: true } };
