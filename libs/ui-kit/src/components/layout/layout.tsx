import { createElement, useId, type HTMLAttributes, type ReactNode } from 'react';
import styles from './layout.module.css';

export type CardPadding = 'none' | 'sm' | 'md' | 'lg' | 'fluid';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'aside' | 'li' | 'fieldset' | 'dl';
  /**
   * `sm` is a card inside a card (a document in a list, an account), `md` a card of a list, `lg` one that
   * stands alone, `fluid` grows from `md` to `lg` where there is room (640 px and up).
   */
  padding?: CardPadding;
  /** Lifted off the page by a shadow: cards that are the page's main content. */
  elevated?: boolean;
}

/**
 * The surface every card shares (border, radius, background, padding). It sets no layout: the content decides
 * its own (a `Stack` inside, or a class of the caller's).
 */
export function Card({ as = 'div', padding = 'md', elevated = false, className, ...rest }: CardProps) {
  return createElement(as, {
    ...rest,
    className: [styles.card, className].filter(Boolean).join(' '),
    'data-padding': padding,
    'data-elevated': elevated || undefined,
  });
}

/** Steps of the spacing scale (`--space-N`). */
export type Space = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 8;

export interface StackProps extends HTMLAttributes<HTMLElement> {
  /** A list (`ul`, `ol`, `dl`) loses its bullets and indent: the stack spaces its items. */
  as?: 'div' | 'ul' | 'ol' | 'dl' | 'section' | 'header' | 'footer' | 'form' | 'fieldset' | 'article' | 'li';
  gap?: Space;
}

/** Children one under another with one gap between them: lists of cards, a form's fields, a card's parts. */
export function Stack({ as = 'div', gap = 4, className, ...rest }: StackProps) {
  return createElement(as, {
    ...rest,
    className: [styles.stack, className].filter(Boolean).join(' '),
    'data-gap': gap,
  });
}

export interface ClusterProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'ul' | 'ol' | 'header' | 'footer' | 'p' | 'nav';
  gap?: Space;
  /** The gap between wrapped rows, when it differs from the one between items. */
  rowGap?: Space;
  /** `between` puts the first item at the start and the last at the end: a title and its action. */
  justify?: 'start' | 'between' | 'end' | 'center';
  align?: 'start' | 'center' | 'baseline';
}

/** Children side by side, wrapping onto the next row when the width runs out: tags, actions, a title row. */
export function Cluster({
  as = 'div',
  gap = 2,
  rowGap,
  justify = 'start',
  align = 'center',
  className,
  ...rest
}: ClusterProps) {
  return createElement(as, {
    ...rest,
    className: [styles.cluster, className].filter(Boolean).join(' '),
    'data-gap': gap,
    'data-row-gap': rowGap,
    'data-justify': justify,
    'data-align': align,
  });
}

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
