import { useId, type ReactNode } from 'react';
import { Cluster } from './stack';
import styles from './layout.module.css';

export interface SectionProps {
  title: ReactNode;
  /** The heading's level where the section is placed. */
  titleAs?: 'h2' | 'h3' | 'h4';
  /** Beside the title, at the end of its row: 'Все мероприятия', 'Создать мероприятие'. */
  actions?: ReactNode;
  /** The heading's id, when something else points at it; one is made otherwise. */
  titleId?: string;
  className?: string;
  children?: ReactNode;
}

/** A titled block of a page (a list with its filters, a part of a page), named by its heading for screen readers. */
export function Section({
  title,
  titleAs: Title = 'h2',
  actions,
  titleId,
  className,
  children,
}: SectionProps) {
  const madeId = useId();
  const id = titleId ?? madeId;
  const heading = (
    <Title id={id} className={styles.sectionTitle}>
      {title}
    </Title>
  );
  return (
    <section className={[styles.section, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      {actions ? (
        <Cluster justify="between" gap={3} rowGap={2}>
          {heading}
          {actions}
        </Cluster>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
