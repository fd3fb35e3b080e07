import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { TextArea } from './text-area';

describe('TextArea', () => {
  it('is labelled, takes several lines and describes itself by its hint', async () => {
    const onChange = vi.fn();
    const { container } = render(<TextArea label="Описание" hint="Необязательно" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Описание' });
    await userEvent.type(field, 'Первая{Enter}Вторая');
    expect(field).toHaveValue('Первая\nВторая');
    expect(onChange).toHaveBeenCalled();
    expect(field).toHaveAccessibleDescription('Необязательно');
    await expectNoSeriousAxeViolations(container);
  });

  it('shows its error in place of the hint and is marked invalid', async () => {
    const { container } = render(
      <TextArea label="Причина" required hint="Подсказка" error="Обязательное поле" />,
    );
    const field = screen.getByRole('textbox', { name: /Причина/ });
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Обязательное поле');
    expect(screen.queryByText('Подсказка')).toBeNull();
    await expectNoSeriousAxeViolations(container);
  });
});
