import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@fed/ui-kit';
import actions from './actions.module.css';
import { Notice } from './notice';
import styles from './load-states.module.css';

/** A read that failed for a reason other than a missing record: say so and offer to try again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Notice tone="danger" role="alert" title={text}>
      <p>Проверьте подключение к интернету и попробуйте ещё раз.</p>
      <p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Повторить
        </Button>
      </p>
    </Notice>
  );
}

/** A page whose record does not exist (an old or mistyped link), with the way back. */
export function MissingRecord({
  title,
  text,
  backTo,
  backText,
}: {
  title: string;
  text: ReactNode;
  backTo: string;
  backText: string;
}) {
  return (
    <section className={styles.missing} aria-labelledby="missing-title">
      <h1 id="missing-title" className={styles.missingTitle}>
        {title}
      </h1>
      <p className={styles.missingText}>{text}</p>
      <Link to={backTo} className={actions.primary}>
        {backText}
      </Link>
    </section>
  );
}

/** Grey blocks in the shape of a page while it loads; the status is read out once. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.skeleton}>
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <div aria-hidden="true" className={styles.blocks}>
        <span className={styles.line} data-size="short" />
        <span className={styles.line} data-size="title" />
        <span className={styles.line} />
        <span className={styles.block} />
        <span className={styles.line} />
        <span className={styles.line} data-size="short" />
      </div>
    </div>
  );
}
