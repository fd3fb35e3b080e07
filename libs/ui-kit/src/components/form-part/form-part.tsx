import type { HTMLAttributes, ReactNode } from 'react';
import { Card } from '../layout/layout';
import styles from '../../styles/form-layout.module.css';

export interface FormPartProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The part's title: its fieldset's legend, which screen readers announce with each field of it. */
  legend: ReactNode;
  /** A short line under the title: who sees these fields, what they are for. */
  note?: ReactNode;
  /** `two-across`: the fields side by side from 768 px (a box or note spans the row with `formLayoutStyles.wide`). */
  fields?: 'stack' | 'two-across';
  /** Drawn as a card, the title standing on its top border: the parts of a long form. */
  framed?: boolean;
}

/**
 * A part of a form in the layout every form shares: a fieldset titled by its legend, an optional note, then its
 * fields, 24 px from the next part and 12 px under the title.
 */
export function FormPart({
  legend,
  note,
  fields = 'stack',
  framed = false,
  className,
  children,
  ...fieldset
}: FormPartProps) {
  const contents = (
    <>
      <legend className={framed ? `${styles.legend} ${styles.framedLegend}` : styles.legend}>{legend}</legend>
      {note && <p className={styles.note}>{note}</p>}
      {fields === 'two-across' ? <div className={styles.fields}>{children}</div> : children}
    </>
  );
  const partClassName = [framed ? styles.framed : styles.group, className].filter(Boolean).join(' ');
  return framed ? (
    <Card as="fieldset" padding="fluid" className={partClassName} {...fieldset}>
      {contents}
    </Card>
  ) : (
    <fieldset className={partClassName} {...fieldset}>
      {contents}
    </fieldset>
  );
}
