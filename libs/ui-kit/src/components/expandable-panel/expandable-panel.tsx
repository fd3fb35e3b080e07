import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './expandable-panel.module.css';

export interface ExpandablePanelProps {
  /** The header button's content. */
  title: ReactNode;
  children: ReactNode;
  /** Controlled open state; uncontrolled (starting from `defaultOpen`) when omitted. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Stays open on clicks outside it. */
  persistent?: boolean;
  /** Never opens. */
  disabled?: boolean;
}

/** A disclosure: a header button that expands a panel in place, closing on an outside click (spec §2). */
export function ExpandablePanel({
  title,
  children,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  persistent = false,
  disabled = false,
}: ExpandablePanelProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = !disabled && (openProp ?? ownOpen);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const close = useRef(() => setOpen(false));
  useEffect(() => {
    close.current = () => setOpen(false);
  });

  useEffect(() => {
    if (!open || persistent) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) close.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, persistent]);

  return (
    <div ref={root} className={styles.panel} data-open={open || undefined}>
      <button
        type="button"
        className={styles.header}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        <span className={styles.title}>{title}</span>
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <div id={panelId} className={styles.body} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
