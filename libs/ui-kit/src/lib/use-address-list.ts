import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams, type To } from 'react-router-dom';

/** What a list shows (its search, filters and order) and which page of it, 1-based. */
export interface AddressListState {
  page: number;
}

/** How one list's state is written in the address and read back. */
export interface AddressListCodec<T extends AddressListState> {
  /** Reads the state; anything unreadable (a hand-edited link) falls back to its default. */
  read: (params: URLSearchParams) => T;
  /** The address form: defaults are left out, so the plain list has a plain address. */
  write: (state: T) => URLSearchParams;
  /** The plain list, what «Сбросить фильтры» shows. */
  defaults: T;
}

export interface ShowOptions {
  /** For changes that come keystroke by keystroke (a search), so that Back skips them. */
  replace?: boolean;
}

/**
 * A list whose search, filters, order and page live in the address, so that Back, a refresh and a shared link
 * show the same list. A change of anything but the page starts again from the first page; a new page scrolls
 * the list's heading (`listTop`) into view, not leaving the person at the pager they used.
 */
export function useAddressList<T extends AddressListState>(codec: AddressListCodec<T>) {
  const [params, setParams] = useSearchParams();
  const { read, write, defaults } = codec;
  const state = useMemo(() => read(params), [read, params]);
  const listTop = useRef<HTMLHeadingElement>(null);

  const show = (next: T, options: ShowOptions = {}) => setParams(write(next), { replace: options.replace });
  const change = (changed: Partial<Omit<T, 'page'>>, options?: ShowOptions) =>
    show({ ...state, ...changed, page: 1 }, options);
  const reset = () => show(defaults);
  /** A page's address, for the `Pager`'s links. */
  const pageLink = (page: number): To => ({ search: write({ ...state, page }).toString() });

  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current === state.page) return;
    shownPage.current = state.page;
    listTop.current?.scrollIntoView?.({ block: 'start' });
  }, [state.page]);

  return { state, show, change, reset, pageLink, listTop };
}
