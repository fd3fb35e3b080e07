import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import { sanitizeHtml } from '../../lib/safe-html';
import styles from './tooltip.module.css';

/** Text formatting only: a tip is a short note, and images or forms inside it would be unreachable. */
const TOOLTIP_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'code',
  'br',
  'p',
  'span',
  'a',
  'ul',
  'ol',
  'li',
];

export interface TooltipProps {
  /** A string is read as HTML (spec §9: HTML allowed) and sanitized with DOMPurify; nodes render as is. */
  content: ReactNode;
  /** The trigger: one focusable element (a button, a link), so keyboards reach the tip too. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  arrow?: boolean;
  /** Set false to show a string as plain text. */
  allowHtml?: boolean;
  /** ms of hover before it opens. */
  delay?: number;
  /** Controlled open state; uncontrolled when omitted. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** A tooltip on Radix: bottom placement and an arrow by default (spec §9). */
export function Tooltip({
  content,
  children,
  side = 'bottom',
  arrow = true,
  allowHtml = true,
  delay = 300,
  open,
  onOpenChange,
}: TooltipProps) {
  const html = useMemo(
    () =>
      allowHtml && typeof content === 'string'
        ? sanitizeHtml(content, { allowedTags: TOOLTIP_TAGS })
        : undefined,
    [allowHtml, content],
  );
  return (
    <RadixTooltip.Provider delayDuration={delay}>
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className={styles.content} side={side} sideOffset={6} collisionPadding={8}>
            {html === undefined ? content : <span dangerouslySetInnerHTML={{ __html: html }} />}
            {arrow && <RadixTooltip.Arrow className={styles.arrow} width={12} height={6} />}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
