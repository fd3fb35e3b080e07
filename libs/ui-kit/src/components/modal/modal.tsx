import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type CSSProperties, type PointerEvent, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { mediaDown } from '../../tokens/breakpoints';
import { LoadingWrapper } from '../loading-wrapper/loading-wrapper';
import styles from './modal.module.css';

/** Spec §9: a downward drag longer than this (px) closes the modal. */
export const MODAL_DRAG_CLOSE_DISTANCE = 100;

export interface ModalProps {
  open: boolean;
  /** Called with `false` on the close icon, a backdrop click, Escape or a long drag down. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions under the content, e.g. 'Отмена' and 'Добавить'. */
  footer?: ReactNode;
  /** Content busy under a spinner; the modal cannot be closed until it is done. */
  loading?: boolean;
  /** On phones (< 768 px) the sheet can be dragged down by its handle. Default true. */
  draggableOnMobile?: boolean;
  /**
   * The spec's 'no-swap' option: no swipe or drag at all, even on phones. For content that needs
   * vertical gestures of its own (a map, a signature pad, a swipeable gallery).
   */
  noSwap?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** Dialog on Radix: focus trap, Escape, backdrop click and page scroll lock come from Radix. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  loading = false,
  draggableOnMobile = true,
  noSwap = false,
  size = 'md',
}: ModalProps) {
  const isMobile = useMediaQuery(mediaDown('md'));
  const draggable = isMobile && draggableOnMobile && !noSwap && !loading;
  const drag = useDragToClose(() => onOpenChange(false));
  const contentRef = useRef<HTMLDivElement>(null);
  // What had focus when the modal opened, to give it back on close. Radix gives it to its `Dialog.Trigger`, and
  // our modals are opened by state (a card's button, a menu item), with no trigger: focus fell to the page.
  const opener = useRef<HTMLElement | null>(null);

  const requestOpenChange = (next: boolean) => {
    if (!next && loading) return;
    onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={requestOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} data-modal-overlay="" />
        <Dialog.Content
          ref={contentRef}
          // Focus the dialog itself, not its first button or field: the close icon would open with a
          // focus ring, and a field would pop the phone keyboard over the sheet.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            contentRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current;
            opener.current = null;
            // Still there and shown: a button that opened it. An opener gone meanwhile (a menu item of a menu
            // that closed) leaves focus where the menu put it, on its own button.
            if (!target?.isConnected) return;
            if (typeof target.checkVisibility === 'function' && !target.checkVisibility()) return;
            target.focus({ preventScroll: true });
          }}
          className={styles.content}
          data-size={size}
          data-dragging={drag.offset > 0 || undefined}
          style={{ '--drag-offset': `${drag.offset}px` } as CSSProperties}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {draggable && (
            <div className={styles.handleArea} data-drag-handle="" aria-hidden="true" {...drag.handlers}>
              <span className={styles.handle} />
            </div>
          )}
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Закрыть" disabled={loading}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </header>
          {description && (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          )}
          {/* Focusable so that keyboards can scroll long content. A dialog that only asks (a title, a question
              and its buttons) has no body: an empty one would leave a blank band above the buttons. */}
          {children !== undefined && children !== null && children !== false && (
            <div className={styles.body} tabIndex={0}>
              <LoadingWrapper loading={loading}>{children}</LoadingWrapper>
            </div>
          )}
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Pointer handlers that follow a downward drag and call `onClose` past the spec's distance. */
function useDragToClose(onClose: () => void) {
  const [offset, setOffset] = useState(0);
  const startY = useRef<number | null>(null);

  const end = () => {
    startY.current = null;
    setOffset(0);
  };

  return {
    offset,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
        startY.current = event.clientY;
        // Keeps receiving moves when the finger leaves the small handle.
        if ('setPointerCapture' in event.currentTarget)
          event.currentTarget.setPointerCapture(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
        if (startY.current === null) return;
        setOffset(Math.max(0, event.clientY - startY.current));
      },
      onPointerUp: () => {
        const closing = offset > MODAL_DRAG_CLOSE_DISTANCE;
        end();
        if (closing) onClose();
      },
      onPointerCancel: end,
    },
  };
}
