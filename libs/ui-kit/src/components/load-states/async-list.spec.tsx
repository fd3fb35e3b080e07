import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { AsyncList, type AsyncListProps } from './load-states';

interface Item {
  id: string;
  name: string;
}

const base: AsyncListProps<Item> = {
  items: undefined,
  fetching: true,
  failed: false,
  texts: {
    loading: 'Загрузка заявок…',
    errorTitle: 'Не удалось загрузить заявки',
    emptyTitle: 'Заявок пока нет',
  },
  onRetry: () => undefined,
  itemKey: (item) => item.id,
  renderItem: (item) => <li>{item.name}</li>,
};

describe('AsyncList', () => {
  it('goes from grey cards to its items, dimmed while the next read runs', async () => {
    const { container, rerender } = render(<AsyncList {...base} />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка заявок…');
    expect(screen.queryByRole('list')).toBeNull();

    const items = [
      { id: '1', name: 'Кубок клуба' },
      { id: '2', name: 'Первенство города' },
    ];
    rerender(<AsyncList {...base} items={items} fetching={false} />);
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Кубок клуба', 'Первенство города']);
    expect(screen.queryByRole('status')).toBeNull();
    await expectNoSeriousAxeViolations(container);

    rerender(<AsyncList {...base} items={items} fetching />);
    expect(screen.getByRole('list').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
  });

  it('says why it is empty and offers the way on', () => {
    render(
      <AsyncList
        {...base}
        items={[]}
        fetching={false}
        emptyAction={<a href="/competitions">Перейти к мероприятиям</a>}
      />,
    );
    expect(screen.getByText('Заявок пока нет')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Перейти к мероприятиям' })).toBeVisible();
  });

  it('tells a failure with its reason and tries again', async () => {
    const onRetry = vi.fn();
    render(<AsyncList {...base} fetching={false} failed errorText="Сервис недоступен." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить заявки');
    expect(alert).toHaveTextContent('Сервис недоступен.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
