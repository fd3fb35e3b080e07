import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { pageWindow } from './page-window';
import styles from './pager.module.css';

interface PagerBaseProps {
  /** One-based. */
  page: number;
  pageCount: number;
  /** Names the navigation landmark: 'Страницы заявок', not a bare 'Страницы'. */
  label?: string;
}

export interface PagerLinkProps extends PagerBaseProps {
  /**
   * Where a page is, for a list whose page lives in the address: the pages are links, so they open in a new
   * tab and survive a refresh.
   */
  linkTo: (page: number) => To;
  onPageChange?: never;
  disabled?: never;
}

export interface PagerButtonProps extends PagerBaseProps {
  /** For a list whose page lives in the component's state: the pages are buttons. */
  onPageChange: (page: number) => void;
  /** Every page button off, e.g. while the next page loads. */
  disabled?: boolean;
  linkTo?: never;
}

export type PagerProps = PagerLinkProps | PagerButtonProps;

/**
 * Numbered pages with previous and next, as links (`linkTo`) or buttons (`onPageChange`); nothing when there
 * is one page. On a phone the numbers give way to «Страница 3 из 12» between the two steps, which fit any
 * width and are large enough to hit.
 */
export function Pager(props: PagerProps) {
  const { page, pageCount, label = 'Страницы списка' } = props;
  if (pageCount <= 1) return null;

  // Plain render helpers, not components: a component defined here would be a new type on every render and
  // remount, and a button just clicked would lose focus.
  const step = (to: number | null, rel: 'prev' | 'next', children: ReactNode) => {
    if (props.linkTo) {
      // A link cannot be disabled: the missing step stays in place, so the pager keeps its width, and says it
      // is unavailable as the button pager's disabled step does (out of the tab order, no address). Hidden
      // instead, its faded text would be text nobody may read, not an inactive control.
      return to === null ? (
        <span className={styles.step} role="link" aria-disabled="true" data-disabled>
          {children}
        </span>
      ) : (
        <Link to={props.linkTo(to)} className={styles.step} rel={rel}>
          {children}
        </Link>
      );
    }
    return (
      <button
        type="button"
        className={styles.step}
        disabled={to === null || props.disabled}
        onClick={() => to !== null && props.onPageChange(to)}
      >
        {children}
      </button>
    );
  };

  const pageItem = (number: number) => {
    const current = number === page ? 'page' : undefined;
    return props.linkTo ? (
      <Link
        to={props.linkTo(number)}
        className={styles.number}
        aria-label={`Страница ${number}`}
        aria-current={current}
      >
        {number}
      </Link>
    ) : (
      <button
        type="button"
        className={styles.number}
        aria-label={`Страница ${number}`}
        aria-current={current}
        disabled={props.disabled}
        onClick={() => number !== page && props.onPageChange(number)}
      >
        {number}
      </button>
    );
  };

  return (
    <nav className={styles.pager} aria-label={label}>
      {step(
        page > 1 ? page - 1 : null,
        'prev',
        <>
          <span aria-hidden="true">‹</span>
          <span>Назад</span>
        </>,
      )}
      <ol className={styles.numbers}>
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>{pageItem(item)}</li>
          ),
        )}
      </ol>
      {/* A page changed in place is announced; a link's new page is announced by the navigation itself. */}
      <p className={styles.position} aria-live={props.linkTo ? undefined : 'polite'}>
        Страница {page} из {pageCount}
      </p>
      {step(
        page < pageCount ? page + 1 : null,
        'next',
        <>
          <span>Вперёд</span>
          <span aria-hidden="true">›</span>
        </>,
      )}
    </nav>
  );
}
