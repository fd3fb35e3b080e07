import type { ReactNode } from 'react';
import styles from './fact-list.module.css';

export interface FactListProps {
  /**
   * `stacked`: a small caption over each value (a page's key facts); `columns`: terms in a narrow column
   * beside their values («Тренер», «Взнос» of a request); `inline`: «Город: Москва» on one line (a card).
   */
  layout?: 'stacked' | 'columns' | 'inline';
  className?: string;
  /** `Fact`s. */
  children: ReactNode;
}

/** Facts as term and value pairs (a description list), read out as such. */
export function FactList({ layout = 'stacked', className, children }: FactListProps) {
  return (
    <dl className={[styles.list, className].filter(Boolean).join(' ')} data-layout={layout}>
      {children}
    </dl>
  );
}

/** One term and its value in a `FactList`. */
export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}
