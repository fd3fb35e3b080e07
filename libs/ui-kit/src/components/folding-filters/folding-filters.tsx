import type { ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { mediaUp } from '../../tokens/breakpoints';
import { ExpandablePanel } from '../expandable-panel/expandable-panel';

export interface FoldingFiltersProps {
  /** How many of the filters narrow the list, for the folded panel's title: «Фильтры (2)». */
  count: number;
  children: ReactNode;
}

/**
 * A list's narrowing filters: laid out from the `md` breakpoint, folded on a phone under «Фильтры» with how many
 * are set, so the list starts near the top of a small screen.
 */
export function FoldingFilters({ count, children }: FoldingFiltersProps) {
  const wide = useMediaQuery(mediaUp('md'));
  if (wide) return children;
  return (
    <ExpandablePanel persistent title={count > 0 ? `Фильтры (${count})` : 'Фильтры'}>
      {children}
    </ExpandablePanel>
  );
}
