import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { ButtonLink } from './button-link';

describe('ButtonLink', () => {
  it('is a link drawn as a button, and navigates', async () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/competitions/1']}>
        <Routes>
          <Route
            path="/competitions/1"
            element={
              <ButtonLink to="/apply/1" variant="secondary" className="mine">
                Подать заявку
              </ButtonLink>
            }
          />
          <Route path="/apply/1" element={<h1>Заявка на участие</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Подать заявку' });
    expect(link).toHaveAttribute('href', '/apply/1');
    expect(link.className).toMatch(/mine/);
    await expectNoSeriousAxeViolations(container);
    await userEvent.click(link);
    expect(screen.getByRole('heading', { name: 'Заявка на участие' })).toBeVisible();
  });
});
