import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { EmptyState, ErrorState, ListSkeleton, MissingRecord, PageSkeleton } from './load-states';

describe('load states', () => {
  it('a failed read is an alert with the reason and a retry', async () => {
    const onRetry = vi.fn();
    const { container } = render(
      <ErrorState title="Не удалось загрузить заявки" onRetry={onRetry}>
        Сервис временно недоступен.
      </ErrorState>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить заявки');
    expect(alert).toHaveTextContent('Сервис временно недоступен.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledOnce();
    await expectNoSeriousAxeViolations(container);
  });

  it('a failed read without a reason gives the usual advice', () => {
    render(<ErrorState title="Не удалось загрузить мероприятия" onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Проверьте подключение к интернету');
  });

  it('skeletons say once what loads and hide their blocks', async () => {
    const { container } = render(
      <>
        <PageSkeleton label="Загрузка мероприятия…" />
        <ListSkeleton label="Загрузка заявок…" count={2} />
      </>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual([
      'Загрузка мероприятия…',
      'Загрузка заявок…',
    ]);
    expect(container.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThan(2);
    await expectNoSeriousAxeViolations(container);
  });

  it('an empty list says why and offers the way on', async () => {
    const onReset = vi.fn();
    const { container } = render(
      <EmptyState align="center" title="Мероприятия не найдены" text="Попробуйте изменить условия поиска.">
        <button type="button" onClick={onReset}>
          Сбросить фильтры
        </button>
      </EmptyState>,
    );
    expect(screen.getByText('Мероприятия не найдены')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(onReset).toHaveBeenCalledOnce();
    await expectNoSeriousAxeViolations(container);
  });

  it('a missing record names itself and links back', async () => {
    const { container } = render(
      <MemoryRouter>
        <MissingRecord
          title="Мероприятие не найдено"
          text="Возможно, ссылка устарела."
          backTo="/competitions"
          backText="Ко всем мероприятиям"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Мероприятие не найдено' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ко всем мероприятиям' })).toHaveAttribute(
      'href',
      '/competitions',
    );
    await expectNoSeriousAxeViolations(container);
  });
});
