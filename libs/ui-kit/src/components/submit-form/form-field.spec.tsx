import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DateInput } from '../date-input/date-input';
import { RadioGroup } from '../radio-group/radio-group';
import { FormField } from './form-field';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  team: z.string().refine((team) => team !== 'b', 'Команда «Б» уже набрана'),
  day: z.string().regex(/^\d\d\.\d\d\.\d{4}$/, 'Неверный формат даты'),
});

function Entry() {
  const form = useZodForm(schema, { defaultValues: { team: '', day: '' } });
  return (
    <form>
      <FormField control={form.control} name="team" choice>
        {(field) => (
          <RadioGroup
            label="Команда"
            {...field}
            value={field.value || undefined}
            options={[
              { value: 'a', text: 'А' },
              { value: 'b', text: 'Б' },
            ]}
          />
        )}
      </FormField>
      <FormField control={form.control} name="day">
        {(field) => <DateInput label="День" {...field} />}
      </FormField>
      <button type="button" onClick={() => form.setFocus('day')}>
        К дню
      </button>
    </form>
  );
}

describe('FormField', () => {
  it('checks a choice as soon as it is made, before the control is left', async () => {
    const user = userEvent.setup();
    render(<Entry />);
    await user.click(screen.getByRole('radio', { name: 'Б' }));
    await waitFor(() => expect(screen.getByText('Команда «Б» уже набрана')).toBeVisible());
    await user.click(screen.getByRole('radio', { name: 'А' }));
    await waitFor(() => expect(screen.queryByText('Команда «Б» уже набрана')).toBeNull());
  });

  it('binds value, change, blur, error and ref of a typed control', async () => {
    const user = userEvent.setup();
    render(<Entry />);
    const day = screen.getByRole('textbox', { name: 'День' });
    await user.type(day, '0503');
    expect(day).toHaveValue('05.03.____');
    expect(day).toHaveAccessibleDescription('ДД.ММ.ГГГГ');
    await user.tab();
    await waitFor(() => expect(day).toHaveAccessibleDescription('Неверный формат даты'));
    await user.click(screen.getByRole('button', { name: 'К дню' }));
    expect(day).toHaveFocus();
  });
});
