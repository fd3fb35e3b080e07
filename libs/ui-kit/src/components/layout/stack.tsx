import { createElement, type HTMLAttributes } from 'react';
import styles from './layout.module.css';

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
