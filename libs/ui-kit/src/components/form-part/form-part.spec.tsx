import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { FormPart } from './form-part';

describe('FormPart', () => {
  it('names its fields by its title, says its note and sets them two across', async () => {
    const { container } = render(
      <form aria-label="Профиль">
        <FormPart legend="Контакты" note="Видны всем на странице клуба." fields="two-across">
          <label>
            Почта
            <input name="email" />
          </label>
          <label>
            Сайт
            <input name="site" />
          </label>
        </FormPart>
      </form>,
    );
    const part = screen.getByRole('group', { name: 'Контакты' });
    expect(within(part).getByText('Видны всем на странице клуба.')).toBeInTheDocument();
    const email = within(part).getByRole('textbox', { name: 'Почта' });
    const site = within(part).getByRole('textbox', { name: 'Сайт' });
    // Both sit in the one two-column grid of the part.
    expect(email.closest('div')).toBe(site.closest('div'));
    expect(email.closest('div')?.parentElement).toBe(part);
    await userEvent.type(email, 'club@example.org');
    expect(email).toHaveValue('club@example.org');
    await expectNoSeriousAxeViolations(container);
  });

  it('as a card, keeps its title, its own class and what describes it', () => {
    render(
      <>
        <FormPart framed legend="Программы" className="own" aria-describedby="programs-error">
          <input aria-label="Дисциплина" />
        </FormPart>
        <p id="programs-error">Добавьте хотя бы одну программу</p>
      </>,
    );
    const part = screen.getByRole('group', { name: 'Программы' });
    expect(part.tagName).toBe('FIELDSET');
    expect(part).toHaveClass('own');
    expect(part).toHaveAccessibleDescription('Добавьте хотя бы одну программу');
    // Stacked by default: the field is the part's own child, with no grid around it.
    expect(within(part).getByRole('textbox', { name: 'Дисциплина' }).parentElement).toBe(part);
  });
});
