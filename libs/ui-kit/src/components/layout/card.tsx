import { createElement, type HTMLAttributes } from 'react';
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
