/** A page number, or a gap standing for the pages left out. */
export type PagerItem = number | 'gap';

/**
 * The page numbers a pager shows: the first and last pages, the current one with a neighbour on each
 * side, and gaps for what lies between. A gap never stands for a single page (that page is shown instead),
 * so the pager keeps one width as the current page moves.
 */
export function pageWindow(page: number, pageCount: number, neighbours = 1): PagerItem[] {
  if (pageCount <= 1) return pageCount === 1 ? [1] : [];
  const current = Math.min(Math.max(page, 1), pageCount);
  const shown = new Set([1, pageCount]);
  for (let offset = -neighbours; offset <= neighbours; offset += 1) {
    const candidate = current + offset;
    if (candidate >= 1 && candidate <= pageCount) shown.add(candidate);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  pages.forEach((number, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && number - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) items.push('gap');
    items.push(number);
  });
  return items;
}
