import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { RadioGroup } from './radio-group';

function Gender({ error }: { error?: string }) {
  const [value, setValue] = useState<string>();
  return (
    <RadioGroup
      label="Пол"
      name="gender"
      value={value}
      onChange={setValue}
      error={error}
      options={[
        { value: 'male', text: 'Мужской' },
        { value: 'female', text: 'Женский' },
      ]}
    />
  );
}

describe('RadioGroup', () => {
  it('is a named group whose options select one at a time', async () => {
    const { container } = render(<Gender />);
    expect(screen.getByRole('group', { name: 'Пол' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Женский'));
    expect(screen.getByRole('radio', { name: 'Женский' })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Мужской' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Женский' })).not.toBeChecked();
    await expectNoSeriousAxeViolations(container);
  });

  it('describes the group with its error', async () => {
    const { container } = render(<Gender error="Поле обязательно" />);
    expect(screen.getByRole('group', { name: 'Пол' })).toHaveAccessibleDescription('Поле обязательно');
    await expectNoSeriousAxeViolations(container);
  });
});
