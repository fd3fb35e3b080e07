import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { Pager } from '../components/pager/pager';
import { addressChoice, addressPage, addressText } from './list-filters';
import { useAddressList, type AddressListCodec } from './use-address-list';

interface Filters {
  search: string;
  order: 'name' | 'city';
  page: number;
}

const codec: AddressListCodec<Filters> = {
  read: (params) => ({
    search: addressText(params, 'q'),
    order: addressChoice(params, 'order', ['name', 'city'] as const) ?? 'name',
    page: addressPage(params, 'page', 50),
  }),
  write: ({ search, order, page }) => {
    const params = new URLSearchParams();
    if (search) params.set('q', search);
    if (order !== 'name') params.set('order', order);
    if (page > 1) params.set('page', String(page));
    return params;
  },
  defaults: { search: '', order: 'name', page: 1 },
};

function List() {
  const list = useAddressList(codec);
  return (
    <>
      <h2 ref={list.listTop}>Список</h2>
      <p data-testid="state">{JSON.stringify(list.state)}</p>
      <button type="button" onClick={() => list.change({ order: 'city' })}>
        По городу
      </button>
      <button type="button" onClick={() => list.change({ search: 'анна' }, { replace: true })}>
        Найти
      </button>
      <button type="button" onClick={list.reset}>
        Сбросить
      </button>
      <Pager page={list.state.page} pageCount={5} linkTo={list.pageLink} />
    </>
  );
}

const renderAt = (path: string) => {
  const router = createMemoryRouter([{ path: '/list', element: <List /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as Filters;

describe('useAddressList', () => {
  it('reads the list from the address, falling back to defaults for what it cannot read', () => {
    renderAt('/list?q=%20кубок%20&order=price&page=-3');
    expect(state()).toEqual({ search: 'кубок', order: 'name', page: 1 });
  });

  it('keeps the page within the last one and cuts long text', () => {
    renderAt(`/list?page=999&q=${'я'.repeat(300)}`);
    expect(state().page).toBe(50);
    expect(state().search).toHaveLength(200);
  });

  it('starts again from page one on any other change, writes only what differs from the plain list', async () => {
    const user = userEvent.setup();
    const router = renderAt('/list?page=3');
    await user.click(screen.getByRole('button', { name: 'По городу' }));
    expect(router.state.location.search).toBe('?order=city');
    expect(state()).toEqual({ search: '', order: 'city', page: 1 });
  });

  it('links the pages with the rest of the list kept, and scrolls the list heading into view on a new page', async () => {
    const user = userEvent.setup();
    const scrolled = vi.fn();
    // jsdom does not scroll.
    HTMLElement.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    });
    const router = renderAt('/list?order=city');
    expect(screen.getByRole('link', { name: 'Страница 2' })).toHaveAttribute(
      'href',
      '/list?order=city&page=2',
    );
    await user.click(screen.getByRole('link', { name: 'Страница 2' }));
    expect(router.state.location.search).toBe('?order=city&page=2');
    expect(scrolled).toHaveBeenCalledOnce();
  });

  it('replaces the entry for a search (Back skips it) and pushes one for other changes', async () => {
    const user = userEvent.setup();
    const router = renderAt('/list');
    await user.click(screen.getByRole('button', { name: 'По городу' }));
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(router.state.location.search).toBe('?q=%D0%B0%D0%BD%D0%BD%D0%B0&order=city');
    await act(() => router.navigate(-1));
    expect(state()).toEqual({ search: '', order: 'name', page: 1 });
  });

  it('resets to the plain list', async () => {
    const user = userEvent.setup();
    const router = renderAt('/list?q=анна&order=city&page=2');
    await user.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(router.state.location.search).toBe('');
  });
});
