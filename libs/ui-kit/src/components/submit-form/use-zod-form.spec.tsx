import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Checkbox } from '../checkbox/checkbox';
import { TextInput } from '../text-input/text-input';
import { SubmitForm } from './submit-form';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  lastName: z.string().trim().min(2, 'Минимум 2 символов'),
  agreed: z.boolean().refine((value) => value, 'Поле обязательно'),
});

function Person({ save }: { save: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { lastName: '', agreed: false } });
  const { errors } = form.formState;
  return (
    <SubmitForm
      onSubmit={form.handleSubmit(save)}
      isValid={form.formState.isValid}
      submitting={form.formState.isSubmitting}
      submitText="Сохранить"
    >
      <TextInput label="Фамилия" {...form.register('lastName')} error={errors.lastName?.message} />
      <Checkbox label="Согласен" {...form.register('agreed')} error={errors.agreed?.message} />
    </SubmitForm>
  );
}

describe('useZodForm: spec §5 timing, on blur and on change, not on input', () => {
  it('says nothing while a field is typed into the first time, and tells the rule when it is left', async () => {
    const user = userEvent.setup();
    render(<Person save={vi.fn()} />);
    const lastName = screen.getByRole('textbox', { name: 'Фамилия' });
    await user.type(lastName, 'И');
    expect(lastName).not.toHaveAccessibleDescription();
    await user.tab();
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('Минимум 2 символов'));
  });

  it('once a field was left, checks each change: the fix clears the error at once', async () => {
    const user = userEvent.setup();
    render(<Person save={vi.fn()} />);
    const lastName = screen.getByRole('textbox', { name: 'Фамилия' });
    await user.type(lastName, 'И');
    await user.tab();
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('Минимум 2 символов'));
    await user.type(lastName, 'в');
    await waitFor(() => expect(lastName).not.toHaveAccessibleDescription());
  });

  it('enables the submit with the last change, before any blur, and Enter sends the parsed values', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    render(<Person save={save} />);
    const submit = screen.getByRole('button', { name: 'Сохранить' });
    await user.click(screen.getByRole('checkbox', { name: 'Согласен' }));
    await user.type(screen.getByRole('textbox', { name: 'Фамилия' }), '  Иванов ');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0]).toEqual({ lastName: 'Иванов', agreed: true });
  });
});
