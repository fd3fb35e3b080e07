import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showListAt, useIslandAddressList } from './island-list';
import { addressPage, addressText, writeAddressParams } from './list-filters';
import type { AddressListCodec } from './use-address-list';

interface Filters {
  search: string;
  page: number;
}
const defaults: Filters = { search: '', page: 1 };
const codec: AddressListCodec<Filters> = {
  read: (params) => ({ search: addressText(params, 'q'), page: addressPage(params, 'page', 50) }),
  write: (state) => writeAddressParams({ search: 'q', page: 'page' }, state, defaults),
  defaults,
};

/** The page's results as the server renders them for an address. */
const results = (found: string, items: string[], next?: string) =>
  `<div data-list-results=""><h2>Список</h2><p role="status">${found}</p><ul>${items
    .map((item) => `<li>${item}</li>`)
    .join('')}</ul>${next ? `<a href="${next}">Вперёд</a>` : ''}</div>`;

/** The server: the page of `/clubs` each address asks for. */
function serve(pages: Record<string, string>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url, location.origin);
    const body = pages[`${path.pathname}${path.search}`];
    return new Response(body ? `<html><body><main>${body}</main></body></html>` : 'нет', {
      headers: { 'Content-Type': 'text/html' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Filters({ initial }: { initial: Filters }) {
  const list = useIslandAddressList(codec, initial);
  return (
    <input
      aria-label="Поиск"
      value={list.state.search}
      onChange={(event) => list.change({ search: event.target.value }, { replace: true })}
    />
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe("a list's island", () => {
  it("shows a new address by the server's results in place of the page's, the live status kept", async () => {
    history.replaceState(null, '', '/clubs');
    document.body.innerHTML = `<main>${results('Найдено: 2', ['Волна', 'Старт'])}</main>`;
    const status = document.querySelector('[role="status"]');
    serve({ '/clubs?q=%D0%92': results('Найдено: 1', ['Волна']) });

    await showListAt('/clubs?q=%D0%92', { history: 'push' });

    expect(location.search).toBe('?q=%D0%92');
    expect([...document.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Волна']);
    // The same element, its text changed: a screen reader announces it.
    expect(document.querySelector('[role="status"]')).toBe(status);
    expect(status?.textContent).toBe('Найдено: 1');
    expect(document.querySelector('[data-list-results]')?.hasAttribute('aria-busy')).toBe(false);
  });

  it('keeps what is typed while the list follows it, and takes the pager in place too', async () => {
    history.replaceState(null, '', '/clubs');
    const fetchMock = serve({
      '/clubs?q=%D0%92': results('Найдено: 30', ['Волна'], '/clubs?q=%D0%92&page=2'),
      '/clubs?q=%D0%92&page=2': results('Найдено: 30', ['Восток']),
    });
    render(<Filters initial={defaults} />, {
      container: document.body.appendChild(document.createElement('div')),
    });
    document.body.insertAdjacentHTML('beforeend', results('Найдено: 2', ['Волна', 'Старт']));
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Поиск' }), 'В');
    expect(await screen.findByText('Вперёд')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Поиск' })).toHaveValue('В');
    expect(screen.getByRole('textbox', { name: 'Поиск' })).toHaveFocus();

    await user.click(screen.getByText('Вперёд'));
    expect(await screen.findByText('Восток')).toBeVisible();
    expect(location.search).toBe('?q=%D0%92&page=2');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Back: the list of the address before, and the box as that address says.
    await act(async () => {
      history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(location.search).toBe('?q=%D0%92');
  });

  it("takes a pager's link for the filters as they are, not as the results still shown were made", async () => {
    history.replaceState(null, '', '/clubs');
    const fetchMock = serve({ '/clubs?q=%D0%92&page=2': results('Найдено: 30', ['Восток']) });
    render(<Filters initial={{ search: 'В', page: 1 }} />, {
      container: document.body.appendChild(document.createElement('div')),
    });
    // The results of the address before the search, whose answer has not come yet.
    document.body.insertAdjacentHTML('beforeend', results('Найдено: 40', ['Волна'], '/clubs?page=2'));

    await userEvent.setup().click(screen.getByText('Вперёд'));
    expect(location.search).toBe('?q=%D0%92&page=2');
    expect(await screen.findByText('Восток')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
