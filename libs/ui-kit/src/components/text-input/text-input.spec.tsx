import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('is labelled and described by its hint', async () => {
    const { container } = render(<TextInput label="Фамилия" hint="Как в паспорте" />);
    const input = screen.getByLabelText('Фамилия');
    await userEvent.type(input, 'Иванов');
    expect(input).toHaveValue('Иванов');
    expect(input).toHaveAccessibleDescription('Как в паспорте');
    expect(input).not.toHaveAttribute('aria-invalid');
    await expectNoSeriousAxeViolations(container);
  });

  it('shows the error line in place of the hint and marks itself invalid', async () => {
    const { container } = render(
      <TextInput label="Имя" hint="Как в паспорте" error="Поле обязательно" required />,
    );
    const input = screen.getByRole('textbox', { name: /Имя/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Поле обязательно');
    expect(screen.queryByText('Как в паспорте')).toBeNull();
    await expectNoSeriousAxeViolations(container);
  });
});
