import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
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
/** The error is said on every option a keyboard reaches, not only on the group. */
export const WithError: Story = {
  args: { error: 'Поле обязательно', required: true },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const focused = within(canvasElement).getByRole('radio', { name: 'Мужской' });
    await expect(focused).toHaveFocus();
    await expect(focused).toHaveAttribute('aria-invalid', 'true');
    await expect(focused).toHaveAccessibleDescription('Поле обязательно');
  },
};
export const Disabled: Story = { args: { disabled: true, initial: 'male' } };
