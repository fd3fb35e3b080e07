import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { TextInput } from '../text-input/text-input';
import { SubmitForm } from './submit-form';
import { useZodForm } from './use-zod-form';

const namesSchema = z.object({ lastName: z.string().min(2), firstName: z.string().min(2) });
type Names = z.output<typeof namesSchema>;

function AddAccount({ save, onCancel }: { save: (values: Names) => Promise<void>; onCancel?: () => void }) {
  const { register, handleSubmit, formState } = useZodForm(namesSchema, {
    defaultValues: { lastName: '', firstName: '' },
  });
  return (
    <SubmitForm
      onSubmit={handleSubmit(save)}
      isValid={formState.isValid}
      submitting={formState.isSubmitting}
      submitText="Добавить"
      onCancel={onCancel}
    >
      <TextInput label="Фамилия" {...register('lastName')} />
      <TextInput label="Имя" {...register('firstName')} />
    </SubmitForm>
  );
}

describe('SubmitForm around a useZodForm form', () => {
  it('keeps submit disabled, and Enter inert, while the form is invalid', async () => {
    const save = vi.fn(async () => undefined);
    const { container } = render(<AddAccount save={save} />);
    const submit = screen.getByRole('button', { name: 'Добавить' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Фамилия'), 'Иванов{Enter}');
    expect(submit).toBeDisabled();
    expect(save).not.toHaveBeenCalled();
    await expectNoSeriousAxeViolations(container);
  });

  it('submits on Enter once valid, showing the button busy while saving', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn((_values: Names) => new Promise<void>((resolve) => (finish = resolve)));
    render(<AddAccount save={save} />);
    await userEvent.type(screen.getByLabelText('Фамилия'), 'Иванов');
    await userEvent.type(screen.getByLabelText('Имя'), 'Пётр');
    const submit = screen.getByRole('button', { name: 'Добавить' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Имя'), '{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0]).toEqual({ lastName: 'Иванов', firstName: 'Пётр' });
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    finish();
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-busy'));
  });

  it('offers a cancel button that does not submit', async () => {
    const save = vi.fn(async () => undefined);
    const onCancel = vi.fn();
    render(<AddAccount save={save} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(save).not.toHaveBeenCalled();
  });
});
