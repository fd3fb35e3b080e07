import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from './select';

const meta: Meta<typeof Select> = {
  title: 'Forms/Select',
  component: Select,
  args: {
    label: 'Возрастной класс',
    placeholder: 'Выберите класс',
    options: [
      { value: 'u12', text: 'Дети до 12 лет' },
      { value: 'u16', text: 'Юноши и девушки до 16 лет' },
      { value: 'adult', text: 'Взрослые' },
    ],
  },
};
export default meta;

type Story = StoryObj<typeof Select>;

export const Default: Story = {};
export const Selected: Story = { args: { defaultValue: 'u16' } };
export const Loading: Story = { args: { loading: true, options: [] } };
export const Disabled: Story = { args: { disabled: true } };
export const WithError: Story = { args: { error: 'Поле обязательно', required: true } };
