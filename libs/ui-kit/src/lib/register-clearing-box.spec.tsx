import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { registerClearingBox } from './register-clearing-box';

interface Values {
  middleName: string;
  noMiddleName: boolean;
}

function NameForm() {
  const form = useForm<Values>({
    mode: 'onChange',
    defaultValues: { middleName: 'Петрович', noMiddleName: false },
  });
  return (
    <form>
      <label>
        Отчество
        <input
          {...form.register('middleName', {
            validate: (value, values) => values.noMiddleName || value !== '' || 'Заполните поле',
          })}
        />
      </label>
      <label>
        <input type="checkbox" {...registerClearingBox(form, 'noMiddleName', 'middleName')} />
        Нет отчества
      </label>
      <p>{form.formState.errors.middleName?.message}</p>
    </form>
  );
}

describe('registerClearingBox', () => {
  it('empties the field when the box is ticked and checks it again when the box is cleared', async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    await user.click(screen.getByRole('checkbox', { name: 'Нет отчества' }));
    expect(screen.getByRole('textbox', { name: 'Отчество' })).toHaveValue('');
    expect(screen.queryByText('Заполните поле')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Нет отчества' }));
    expect(await screen.findByText('Заполните поле')).toBeInTheDocument();
  });
});
