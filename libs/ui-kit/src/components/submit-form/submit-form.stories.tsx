import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { z } from 'zod';
import { VALIDATION_DEBOUNCE_MS } from '@fed/validation';
import { TextInput } from '../text-input/text-input';
import { SubmitForm } from './submit-form';
import { useZodForm } from './use-zod-form';

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

const personSchema = z.object({
  lastName: z.string().trim().min(2, 'Минимум 2 символов'),
  firstName: z.string().trim().min(2, 'Минимум 2 символов'),
});

/** A `useZodForm` form in the wrapper, with the timing of spec §5 and what it sent. */
function PersonForm() {
  const form = useZodForm(personSchema, { defaultValues: { lastName: '', firstName: '' } });
  const [sent, setSent] = useState<string | null>(null);
  const { errors } = form.formState;
  return (
    <>
      <SubmitForm
        onSubmit={form.handleSubmit((values) => setSent(`${values.lastName} ${values.firstName}`))}
        isValid={form.formState.isValid}
        submitText="Добавить"
      >
        <TextInput label="Фамилия" {...form.register('lastName')} error={errors.lastName?.message} />
        <TextInput label="Имя" {...form.register('firstName')} error={errors.firstName?.message} />
      </SubmitForm>
      {sent && <p role="status">Отправлено: {sent}</p>}
    </>
  );
}

/**
 * Spec §5 timing: nothing is said while a field is typed into; its rule speaks when it is left (5 ms later). The
 * submit comes alive with the last keystroke, and Enter in the last field sends the form.
 */
export const ValidatesOnBlur: StoryObj<typeof PersonForm> = {
  render: () => <PersonForm />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lastName = canvas.getByRole('textbox', { name: 'Фамилия' });
    const firstName = canvas.getByRole('textbox', { name: 'Имя' });
    const submit = canvas.getByRole('button', { name: 'Добавить' });
    await userEvent.type(lastName, 'И');
    await new Promise((resolve) => setTimeout(resolve, VALIDATION_DEBOUNCE_MS * 10));
    await expect(lastName).not.toHaveAccessibleDescription();
    await userEvent.tab();
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('Минимум 2 символов'));
    await userEvent.type(lastName, 'ванов');
    await expect(lastName).toHaveAccessibleDescription('Минимум 2 символов');
    await userEvent.type(firstName, 'Пётр');
    await waitFor(() => expect(lastName).not.toHaveAccessibleDescription());
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Отправлено: Иванов Пётр');
  },
};
