import type { HTMLAttributes } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'primary' | 'neutral' | 'muted' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends HTMLAttributes<HTMLElement> {
  /** `neutral` is plain text on grey, `muted` greys the text too (what is over or off). */
  tone?: BadgeTone;
  /** `sm` for tags among other text (disciplines, «Завершено»), `md` for a state that stands on its own. */
  size?: 'sm' | 'md';
  as?: 'span' | 'li' | 'p';
}

/** A short label in a pill: a discipline, a level, a state. The words carry the meaning; the colour repeats it. */
export function Badge({ tone = 'neutral', size = 'sm', as: Tag = 'span', className, ...rest }: BadgeProps) {
  return (
    <Tag
      {...rest}
      className={[styles.badge, className].filter(Boolean).join(' ')}
      data-tone={tone}
      data-size={size}
    />
  );
}
