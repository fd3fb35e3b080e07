import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextInput } from '../text-input/text-input';
import { SubmitForm } from './submit-form';

const meta: Meta<typeof SubmitForm> = {
  title: 'Forms/SubmitForm',
  component: SubmitForm,
  args: {
    submitText: 'Добавить',
    onSubmit: () => undefined,
    onCancel: () => undefined,
    children: (
      <>
        <TextInput label="Фамилия" defaultValue="Иванов" />
        <TextInput label="Имя" defaultValue="Пётр" />
      </>
    ),
  },
};
export default meta;

type Story = StoryObj<typeof SubmitForm>;

export const Valid: Story = { args: { isValid: true } };
/** Submit disabled; Enter in a field does nothing. */
export const Invalid: Story = {
  args: {
    isValid: false,
    children: (
      <>
        <TextInput label="Фамилия" defaultValue="И" error="Минимум 2 символов" />
        <TextInput label="Имя" error="Поле обязательно" />
      </>
    ),
  },
};
export const Submitting: Story = { args: { isValid: true, submitting: true } };
