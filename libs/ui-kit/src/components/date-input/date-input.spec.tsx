import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { DateInput } from './date-input';

function BirthDate({ onValue, error }: { onValue: (value: string) => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <DateInput
      label="Дата рождения"
      value={value}
      error={error}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateInput', () => {
  it('shapes digits into DD.MM.YYYY and ignores letters', async () => {
    const onValue = vi.fn();
    const { container } = render(<BirthDate onValue={onValue} />);
    const input = screen.getByLabelText('Дата рождения');
    expect(input).toHaveAccessibleDescription('ДД.ММ.ГГГГ');
    await userEvent.type(input, '05а0320121');
    expect(input).toHaveValue('05.03.2012');
    expect(onValue).toHaveBeenLastCalledWith('05.03.2012');
    await expectNoSeriousAxeViolations(container);
  });

  it('reports a partly typed date with gaps, and empty as empty', async () => {
    const onValue = vi.fn();
    render(<BirthDate onValue={onValue} />);
    const input = screen.getByLabelText('Дата рождения');
    await userEvent.type(input, '0503');
    expect(onValue).toHaveBeenLastCalledWith('05.03.____');
    await userEvent.clear(input);
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it('shows its error', async () => {
    const { container } = render(<BirthDate onValue={vi.fn()} error="Дата не может быть в будущем" />);
    expect(screen.getByLabelText('Дата рождения')).toHaveAccessibleDescription(
      'Дата не может быть в будущем',
    );
    await expectNoSeriousAxeViolations(container);
  });
});
