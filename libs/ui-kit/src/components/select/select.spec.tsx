import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Select } from './select';

const options = [
  { value: 'male', text: 'Мужской' },
  { value: 'female', text: 'Женский' },
];

describe('Select', () => {
  it('offers its options after a placeholder and reports the choice', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <Select
        label="Пол"
        placeholder="Выберите"
        options={options}
        onChange={(e) => onChange(e.target.value)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Пол' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Выберите',
      'Мужской',
      'Женский',
    ]);
    await userEvent.selectOptions(select, 'Женский');
    expect(onChange).toHaveBeenCalledWith('female');
    await expectNoSeriousAxeViolations(container);
  });

  it('is busy and locked while loading', async () => {
    const { container } = render(<Select label="Город" options={[]} loading />);
    const select = screen.getByRole('combobox', { name: 'Город' });
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('option')).toHaveTextContent('Загрузка…');
    await expectNoSeriousAxeViolations(container);
  });

  it('can be disabled and shows an error line', async () => {
    const { container } = render(<Select label="Пол" options={options} disabled error="Поле обязательно" />);
    const select = screen.getByRole('combobox', { name: 'Пол' });
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription('Поле обязательно');
    await expectNoSeriousAxeViolations(container);
  });
});
