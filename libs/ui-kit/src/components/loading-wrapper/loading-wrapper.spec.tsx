import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { LoadingWrapper } from './loading-wrapper';

describe('LoadingWrapper', () => {
  it('shows its content without a spinner when idle', async () => {
    const { container } = render(
      <LoadingWrapper loading={false}>
        <p>Содержимое</p>
      </LoadingWrapper>,
    );
    expect(screen.getByText('Содержимое')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
    await expectNoSeriousAxeViolations(container);
  });

  it('announces loading and keeps the content mounted but busy', async () => {
    const { container } = render(
      <LoadingWrapper loading label="Загружаем мероприятия">
        <input aria-label="Поиск" defaultValue="кумитэ" />
      </LoadingWrapper>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем мероприятия');
    expect(screen.getByLabelText('Поиск')).toHaveValue('кумитэ');
    expect(screen.getByLabelText('Поиск').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    await expectNoSeriousAxeViolations(container);
  });
});
