import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RadioGroup, type RadioGroupProps } from './radio-group';

function Stateful(props: Omit<RadioGroupProps, 'value' | 'onChange'> & { initial?: string }) {
  const [value, setValue] = useState(props.initial);
  return <RadioGroup {...props} value={value} onChange={setValue} />;
}

const meta: Meta<typeof Stateful> = {
  title: 'Forms/RadioGroup',
  component: Stateful,
  args: {
    label: 'Пол',
    name: 'gender',
    options: [
      { value: 'male', text: 'Мужской' },
      { value: 'female', text: 'Женский' },
    ],
  },
};
export default meta;

type Story = StoryObj<typeof Stateful>;

export const Empty: Story = {};
export const Chosen: Story = { args: { initial: 'female' } };
export const Vertical: Story = { args: { orientation: 'vertical', initial: 'male' } };
export const WithError: Story = { args: { error: 'Поле обязательно', required: true } };
export const Disabled: Story = { args: { disabled: true, initial: 'male' } };
