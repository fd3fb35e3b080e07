import { Link, type To } from 'react-router-dom';
import { ButtonPager, type ButtonPagerProps } from './button-pager';
import { PagerFrame } from './pager-frame';
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

export type PagerButtonProps = ButtonPagerProps & { linkTo?: never };

export type PagerProps = PagerLinkProps | PagerButtonProps;

/**
 * Numbered pages with previous and next, as links (`linkTo`) or buttons (`onPageChange`, as `ButtonPager`);
 * nothing when there is one page. On a phone the numbers give way to «Страница 3 из 12» between the two steps,
 * which fit any width and are large enough to hit.
 */
export function Pager(props: PagerProps) {
  if (!props.linkTo) return <ButtonPager {...props} />;
  const { page, pageCount, label = 'Страницы списка', linkTo } = props;
  if (pageCount <= 1) return null;
  return (
    <PagerFrame
      page={page}
      pageCount={pageCount}
      label={label}
      announce={false}
      step={(to, rel, children, className) =>
        // A link cannot be disabled: the missing step stays in place, so the pager keeps its width, and says it
        // is unavailable as the button pager's disabled step does (out of the tab order, no address). Hidden
        // instead, its faded text would be text nobody may read, not an inactive control.
        to === null ? (
          <span className={styles.step} role="link" aria-disabled="true" data-disabled>
            {children}
          </span>
        ) : (
          <Link to={linkTo(to)} className={className} rel={rel}>
            {children}
          </Link>
        )
      }
      pageItem={(number, current, className) => (
        <Link
          to={linkTo(number)}
          className={className}
          aria-label={`Страница ${number}`}
          aria-current={current}
        >
          {number}
        </Link>
      )}
    />
  );
}
