import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('toggles from its label', async () => {
    const { container } = render(<Checkbox label="Нет отчества" />);
    await userEvent.click(screen.getByText('Нет отчества'));
    expect(screen.getByRole('checkbox', { name: 'Нет отчества' })).toBeChecked();
    await expectNoSeriousAxeViolations(container);
  });

  it('carries an error line', async () => {
    const { container } = render(<Checkbox label="Согласен с офертой" error="Поле обязательно" />);
    const box = screen.getByRole('checkbox', { name: 'Согласен с офертой' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Поле обязательно');
    await expectNoSeriousAxeViolations(container);
  });
});
