import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { PhoneInput, type PhoneValue } from './phone-input';

function Phone({ onValue }: { onValue: (value: PhoneValue) => void }) {
  const [value, setValue] = useState<PhoneValue>({ country: 'RU', digits: '' });
  return (
    <PhoneInput
      label="Телефон"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('PhoneInput', () => {
  it('masks a Russian number and reports its ten digits', async () => {
    const onValue = vi.fn();
    const { container } = render(<Phone onValue={onValue} />);
    const input = screen.getByLabelText('Телефон');
    await userEvent.type(input, '9161234567');
    expect(input).toHaveValue('(916) 123-45-67');
    expect(onValue).toHaveBeenLastCalledWith({ country: 'RU', digits: '9161234567' });
    await expectNoSeriousAxeViolations(container);
  });

  it.each([
    ['+375', 'BY', '291234567', '(291) 234-56-7'],
    ['+374', 'AM', '77123456', '(77) 123-456'],
    ['+994', 'AZ', '501234567', '(50) 123-45-67'],
  ])('switches to the %s mask', async (code, country, digits, shown) => {
    const onValue = vi.fn();
    render(<Phone onValue={onValue} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Код страны' }), code);
    const input = screen.getByLabelText('Телефон');
    await userEvent.type(input, `${digits}99`);
    expect(input).toHaveValue(shown);
    expect(onValue).toHaveBeenLastCalledWith({ country, digits });
  });

  it('takes a number pasted with its dial code, and Backspace across the brackets', async () => {
    const onValue = vi.fn();
    render(<Phone onValue={onValue} />);
    const input = screen.getByLabelText('Телефон');
    await userEvent.click(input);
    await userEvent.paste('+7 (916) 123-45-67');
    expect(input).toHaveValue('(916) 123-45-67');
    expect(onValue).toHaveBeenLastCalledWith({ country: 'RU', digits: '9161234567' });

    await userEvent.clear(input);
    await userEvent.type(input, '9161{Backspace}{Backspace}{Backspace}');
    expect(input).toHaveValue('(9__) ___-__-__');
    expect(onValue).toHaveBeenLastCalledWith({ country: 'RU', digits: '9' });
    await userEvent.type(input, '05');
    expect(input).toHaveValue('(905) ___-__-__');
  });

  it('keeps what fits the new country when the code changes', async () => {
    const onValue = vi.fn();
    render(<Phone onValue={onValue} />);
    await userEvent.type(screen.getByLabelText('Телефон'), '9161234567');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Код страны' }), '+374');
    expect(onValue).toHaveBeenLastCalledWith({ country: 'AM', digits: '91612345' });
    expect(screen.getByLabelText('Телефон')).toHaveValue('(91) 612-345');
  });
});
