import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Button } from './button';

describe('Button', () => {
  it('clicks, and does not submit a surrounding form unless asked to', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const { container } = render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button onClick={onClick}>Отмена</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    await expectNoSeriousAxeViolations(container);
  });

  it('is busy and unclickable while loading', async () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button variant="danger" size="lg" loading onClick={onClick}>
        Удалить
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Удалить' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    await expectNoSeriousAxeViolations(container);
  });
});
