import type { ReactNode } from 'react';
import { pageWindow } from './page-window';
import styles from './pager.module.css';

export interface PagerFrameProps {
  /** One-based. */
  page: number;
  pageCount: number;
  label: string;
  /** The pages change in place (buttons): «Страница n из …» is announced. A link's new page announces itself. */
  announce: boolean;
  /** The step back or forward: to `to`, or unavailable (`null`). */
  step: (
    to: number | null,
    rel: 'prev' | 'next',
    children: ReactNode,
    className: string | undefined,
  ) => ReactNode;
  /** A page's number: a link or a button, marked current. */
  pageItem: (number: number, current: 'page' | undefined, className: string | undefined) => ReactNode;
}

/**
 * The pager's markup, whatever its pages are: links (`Pager` with the router) or buttons (`ButtonPager`, which
 * needs no router, so that an island of a guest's page can have one).
 */
export function PagerFrame({ page, pageCount, label, announce, step, pageItem }: PagerFrameProps) {
  return (
    <nav className={styles.pager} aria-label={label}>
      {step(
        page > 1 ? page - 1 : null,
        'prev',
        <>
          <span aria-hidden="true">‹</span>
          <span>Назад</span>
        </>,
        styles.step,
      )}
      <ol className={styles.numbers}>
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>{pageItem(item, item === page ? 'page' : undefined, styles.number)}</li>
          ),
        )}
      </ol>
      <p className={styles.position} aria-live={announce ? 'polite' : undefined}>
        Страница {page} из {pageCount}
      </p>
      {step(
        page < pageCount ? page + 1 : null,
        'next',
        <>
          <span>Вперёд</span>
          <span aria-hidden="true">›</span>
        </>,
        styles.step,
      )}
    </nav>
  );
}
