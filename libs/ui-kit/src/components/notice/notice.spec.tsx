import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Notice } from './notice';

describe('Notice', () => {
  it('is read out at once as an alert, its body working as it is', async () => {
    const onClick = vi.fn();
    const { container } = render(
      <Notice tone="danger" role="alert" title="Приём заявок закрыт">
        <p>
          <button type="button" onClick={onClick}>
            На первую страницу
          </button>
        </p>
      </Notice>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Приём заявок закрыт');
    expect(alert).toHaveAttribute('data-tone', 'danger');
    await userEvent.click(screen.getByRole('button', { name: 'На первую страницу' }));
    expect(onClick).toHaveBeenCalledOnce();
    await expectNoSeriousAxeViolations(container);
  });

  it('without a role is part of the page, informational by default', () => {
    render(<Notice title="Заявки подают спортсмены" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Заявки подают спортсмены').parentElement).toHaveAttribute('data-tone', 'info');
  });
});
