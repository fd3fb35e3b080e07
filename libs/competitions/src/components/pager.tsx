import { Link, type To } from 'react-router-dom';
import { pageWindow } from '../lib/page-window';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  pageCount: number;
  /** Where a page is: pages are links, so they open in a new tab and survive a refresh. */
  linkTo: (page: number) => To;
}

/**
 * Numbered pages with previous/next. On a phone the numbers give way to «Страница 3 из 12» between the
 * two arrows, which fit any width and are large enough to hit.
 */
export function Pager({ page, pageCount, linkTo }: PagerProps) {
  if (pageCount <= 1) return null;
  const previous = page > 1 ? page - 1 : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <nav className={styles.pager} aria-label="Страницы списка">
      {previous ? (
        <Link to={linkTo(previous)} className={styles.step} aria-label="Предыдущая страница" rel="prev">
          <span aria-hidden="true">‹</span>
          <span className={styles.stepText}>Назад</span>
        </Link>
      ) : (
        <span className={styles.step} aria-hidden="true" data-disabled>
          <span>‹</span>
          <span className={styles.stepText}>Назад</span>
        </span>
      )}
      <ol className={styles.numbers}>
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={linkTo(item)}
                className={styles.number}
                aria-label={`Страница ${item}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      <p className={styles.position}>
        Страница {page} из {pageCount}
      </p>
      {next ? (
        <Link to={linkTo(next)} className={styles.step} aria-label="Следующая страница" rel="next">
          <span className={styles.stepText}>Вперёд</span>
          <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span className={styles.step} aria-hidden="true" data-disabled>
          <span className={styles.stepText}>Вперёд</span>
          <span>›</span>
        </span>
      )}
    </nav>
  );
}
