// Types only: the address's reading and writing need no router (a list's island uses them without one).
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

/** The longest free text a list takes from its address. */
const MAX_TEXT = 200;

/** A free-text parameter, trimmed and cut to 200 characters; `''` when absent. */
export function addressText(params: URLSearchParams, name: string): string {
  return params.get(name)?.trim().slice(0, MAX_TEXT) ?? '';
}

/** A 1-based page number: 1 when absent or unreadable, at most `last`. */
export function addressPage(params: URLSearchParams, name: string, last: number): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, last) : 1;
}

/** One of `values`, or `null` for anything else. */
export function addressChoice<V extends string>(
  params: URLSearchParams,
  name: string,
  values: readonly V[],
): V | null {
  const value = params.get(name);
  return values.find((candidate) => candidate === value) ?? null;
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
