import { describe, expect, it, vi } from 'vitest';
import { listSearch, writeAddressParams } from './list-filters';

interface State {
  search: string;
  club: string | null;
  order: 'name' | 'city';
  page: number;
}

const names = { search: 'q', club: 'club', order: 'order', page: 'page' } as const;
const defaults: State = { search: '', club: null, order: 'name', page: 1 };

describe('writeAddressParams', () => {
  it('leaves the defaults, empty texts and nulls out', () => {
    expect(writeAddressParams(names, defaults, defaults).toString()).toBe('');
  });

  it('writes the rest in the order of the names', () => {
    const state: State = { search: 'Иван', club: 'c1', order: 'city', page: 3 };
    expect(writeAddressParams(names, { ...state }, defaults).toString()).toBe(
      'q=%D0%98%D0%B2%D0%B0%D0%BD&club=c1&order=city&page=3',
    );
  });
});

describe('listSearch', () => {
  it('changes the search trimmed, replacing the entry', () => {
    const onChange = vi.fn();
    listSearch('', onChange)('  мяч ');
    expect(onChange).toHaveBeenCalledWith({ search: 'мяч' }, { replace: true });
  });

  it('does nothing when only the spaces around it changed', () => {
    const onChange = vi.fn();
    listSearch('мяч', onChange)('мяч  ');
    expect(onChange).not.toHaveBeenCalled();
  });
});
