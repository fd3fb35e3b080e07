import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { clubListTexts, clubs as allClubs, type Club } from '../../testing/club-list';
import {
  AddressListResults,
  type AddressListAnswer,
  type AddressListResultsProps,
} from './address-list-results';

/** A page of two. */
const clubs = allClubs.slice(0, 2);

function setup(
  answer: AddressListAnswer<Club> | undefined,
  { fetching = false, failed = false, filtered = false, page = 1 } = {},
) {
  const show = vi.fn();
  const reset = vi.fn();
  const refetch = vi.fn();
  const props: AddressListResultsProps<{ page: number }, Club> = {
    list: { state: { page }, show, reset, pageLink: (to) => `?page=${to}`, listTop: { current: null } },
    query: { currentData: answer, isFetching: fetching, isError: failed, refetch },
    filtered,
    pageSize: 2,
    texts: clubListTexts,
    skeleton: <div>…</div>,
    itemKey: (club) => club.id,
    renderItem: (club) => <article>{club.name}</article>,
  };
  const view = render(
    <MemoryRouter>
      <AddressListResults {...props} />
    </MemoryRouter>,
  );
  return { ...view, show, reset, refetch, user: userEvent.setup() };
}

describe('AddressListResults', () => {
  it('shows grey cards, hidden from assistive technology, while the first page loads', () => {
    setup(undefined, { fetching: true });
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка организаций…');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Список организаций' })).toBeInTheDocument();
  });

  it('shows the cards, how many were found and the pages in the address', async () => {
    const { container } = setup({ result: clubs, total: 5 }, { page: 2 });
    expect(screen.getByRole('status')).toHaveTextContent('Найдено: 5');
    expect(screen.getAllByRole('article').map((card) => card.textContent)).toEqual([
      'СК «Волна»',
      'Клуб «Старт»',
    ]);
    const pager = screen.getByRole('navigation', { name: 'Страницы списка организаций' });
    expect(within(pager).getByRole('link', { name: 'Страница 3' })).toHaveAttribute('href', '/?page=3');
    await expectNoSeriousAxeViolations(container);
  });

  it('offers a retry when the list did not load', async () => {
    const { user, refetch } = setup(undefined, { failed: true });
    expect(screen.getByText('Не удалось загрузить организации')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Повторить/ }));
    expect(refetch).toHaveBeenCalled();
  });

  it('says why the plain list is empty, with no reset', () => {
    setup({ result: [], total: 0 });
    expect(screen.getByText('В реестре федерации пока нет организаций.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сбросить фильтры' })).toBeNull();
  });

  it('offers to reset the filters when a filtered list found nothing', async () => {
    const { user, reset } = setup({ result: [], total: 0 }, { filtered: true });
    expect(screen.getByText('Попробуйте изменить условия поиска или сбросить фильтры.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(reset).toHaveBeenCalled();
  });

  it('leads from a page past the end back to the first page', async () => {
    const { user, show } = setup({ result: [], total: 5 }, { page: 9 });
    expect(screen.getByText('Страницы 9 в этом списке нет')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'На первую страницу' }));
    expect(show).toHaveBeenCalledWith({ page: 1 });
  });
});
