import type { AddressListState, ShowOptions } from './use-address-list';

/** What a list's filters change: anything but the page, which a change starts again from the first. */
export type ListFilterChange<T extends AddressListState> = Partial<Omit<T, 'page'>>;

/** The props of a list's filters, wired to `useAddressList`'s `state`, `change` and `reset`. */
export interface ListFiltersProps<T extends AddressListState> {
  filters: T;
  /** `replace` for changes that come keystroke by keystroke, so that Back skips them. */
  onChange: (change: ListFilterChange<T>, options?: ShowOptions) => void;
  onReset: () => void;
}

/** A value of a list's state that the address can hold. */
type AddressValue = string | number | null;

/**
 * The address form of a list's state, its parameters in the order of `names`: a value equal to its default, an
 * empty text or a `null` is left out, so the plain list has a plain address.
 */
export function writeAddressParams<T extends { [K in keyof T]: AddressValue }>(
  names: { readonly [K in keyof T]: string },
  state: T,
  defaults: T,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(names) as (keyof T)[]) {
    const value = state[key];
    if (value === null || value === '' || value === defaults[key]) continue;
    params.set(names[key], String(value));
  }
  return params;
}

/**
 * A `SearchBox`'s `onSearch` for a list's search: the trimmed text, replacing the address entry (it comes as the
 * person types), and nothing when only spaces around it changed.
 */
export function listSearch(
  current: string,
  onChange: (change: { search: string }, options: ShowOptions) => void,
): (text: string) => void {
  return (text) => {
    const search = text.trim();
    if (search !== current) onChange({ search }, { replace: true });
  };
}
