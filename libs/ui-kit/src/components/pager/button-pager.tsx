import { PagerFrame } from './pager-frame';

export interface ButtonPagerProps {
  /** One-based. */
  page: number;
  pageCount: number;
  /** Names the navigation landmark: 'Страницы заявок', not a bare 'Страницы'. */
  label?: string;
  /** For a list whose page lives in the component's state: the pages are buttons. */
  onPageChange: (page: number) => void;
  /** Every page button off, e.g. while the next page loads. */
  disabled?: boolean;
}

/**
 * `Pager` with buttons, for a list whose page lives in the component's state: the same pager without the
 * router, so that an island hydrated on its own (a profile's section) can page in place.
 */
export function ButtonPager({
  page,
  pageCount,
  label = 'Страницы списка',
  onPageChange,
  disabled,
}: ButtonPagerProps) {
  if (pageCount <= 1) return null;
  return (
    <PagerFrame
      page={page}
      pageCount={pageCount}
      label={label}
      announce
      // Plain render helpers, not components: a component defined here would be a new type on every render and
      // remount, and a button just clicked would lose focus.
      step={(to, _rel, children, className) => (
        <button
          type="button"
          className={className}
          disabled={to === null || disabled}
          onClick={() => to !== null && onPageChange(to)}
        >
          {children}
        </button>
      )}
      pageItem={(number, current, className) => (
        <button
          type="button"
          className={className}
          aria-label={`Страница ${number}`}
          aria-current={current}
          disabled={disabled}
          onClick={() => number !== page && onPageChange(number)}
        >
          {number}
        </button>
      )}
    />
  );
}
