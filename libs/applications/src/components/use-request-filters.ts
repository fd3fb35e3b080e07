import { useState } from 'react';

/**
 * The filters and the page of a request list: changing a filter goes back to the first page. `range` is what
 * the list script is asked for; `list` is what `RequestList` needs for its pager and its empty state.
 */
export function useRequestFilters<Filters extends Record<string, string>>(
  initial: Filters,
  pageSize: number,
) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(0);
  return {
    filters,
    filter: (change: Partial<Filters>) => {
      setFilters((current) => ({ ...current, ...change }));
      setPage(0);
    },
    range: { from: page * pageSize, size: pageSize },
    list: {
      page,
      pageSize,
      onPageChange: setPage,
      filtered: Object.values(filters).some((value) => value !== ''),
    },
  };
}
