import { useEffect, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ToastContext } from './toast-context';
import { ToastIcon } from './toast-icon';
import {
  TOAST_TRANSITION,
  toast,
  type ToastDirection,
  type ToastItem,
  type ToastStore,
  type ToastType,
} from './toast-store';
import styles from './toast.module.css';

export interface ToastProviderProps {
  children?: ReactNode;
  /** The edge toasts enter from and stack at unless a toast names its own (`ToastDirection`). */
  direction?: ToastDirection;
  /** The store to show; the module-level `toast` by default (tests and stories pass their own). */
  store?: ToastStore;
}

const typeNames: Record<ToastType, string> = {
  success: 'Успешно',
  error: 'Ошибка',
  info: 'Информация',
  warning: 'Внимание',
};

const transition = { '--toast-transition': `${TOAST_TRANSITION}ms` } as CSSProperties;

/** Renders the toast stack and gives `useToast()` to the tree below. */
export function ToastProvider({ children, direction = 'top', store = toast }: ToastProviderProps) {
  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastViewport store={store} direction={direction} />
    </ToastContext.Provider>
  );
}

const noSubscription = () => () => undefined;

const DIRECTIONS: readonly ToastDirection[] = ['top', 'bottom'];

function ToastViewport({ store, direction }: { store: ToastStore; direction: ToastDirection }) {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // A page rendered on the server has no body to portal into; its hydration must render what the server did.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  // One region for every toast, a stack at each edge; both stay in the page, so that a toast is added into
  // what is already there.
  return createPortal(
    <section aria-label="Уведомления" style={transition}>
      {DIRECTIONS.map((edge) => (
        <div key={edge} className={styles.stack} data-direction={edge}>
          {items
            .filter((item) => (item.direction ?? direction) === edge)
            .map((item) => (
              <Toast key={item.id} item={item} onDismiss={() => store.dismiss(item.id)} />
            ))}
        </div>
      ))}
    </section>,
    document.body,
  );
}

/** Text that reads the same as inline markdown and as plain text (no emphasis, link or tag) needs no renderer. */
const MARKDOWN_SYNTAX = /[*_`~[\]<>\\]|\n|https?:\/\/|www\./;

/**
 * The toast's content as safe HTML. The markdown renderer and sanitizer (marked + DOMPurify, ≈ 23 kB gzip) load
 * on the first toast that needs them, not with the page: until then, and for plain sentences, the text shows as is.
 */
function useSafeMarkdown(content: string): string | null {
  const needsRenderer = MARKDOWN_SYNTAX.test(content);
  const [rendered, setRendered] = useState<{ content: string; html: string } | null>(null);
  useEffect(() => {
    if (!needsRenderer) return;
    let current = true;
    void import('../../lib/safe-html').then(({ markdownToSafeHtml }) => {
      if (current) setRendered({ content, html: markdownToSafeHtml(content) });
    });
    return () => {
      current = false;
    };
  }, [content, needsRenderer]);
  return needsRenderer && rendered?.content === content ? rendered.html : null;
}

/**
 * Whether the toast's words may be shown yet: not in the render that adds it, but in the next. A live region
 * added to the page together with its text is not read out by every screen reader (VoiceOver, NVDA with
 * some browsers); one that is already there when its text arrives is.
 */
function useAnnounced(): boolean {
  const [announced, setAnnounced] = useState(false);
  useEffect(() => setAnnounced(true), []);
  return announced;
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const html = useSafeMarkdown(item.content);
  const announced = useAnnounced();
  const urgent = item.type === 'error';
  return (
    // Clicking anywhere dismisses it (spec §2); the close button gives keyboards the same.
    <div
      className={styles.toast}
      data-type={item.type}
      data-leaving={item.leaving || undefined}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      onClick={onDismiss}
    >
      {item.icon === undefined ? (
        <span className={styles.icon}>
          <ToastIcon type={item.type} />
        </span>
      ) : (
        item.icon !== null &&
        item.icon !== false && (
          <span className={styles.icon} aria-hidden="true">
            {item.icon}
          </span>
        )
      )}
      <div className={styles.body}>
        {announced && (
          <>
            <span className="visually-hidden">{typeNames[item.type]}: </span>
            {html === null ? (
              <div className={styles.content}>
                <p>{item.content}</p>
              </div>
            ) : (
              <div className={styles.content} dangerouslySetInnerHTML={{ __html: html }} />
            )}
          </>
        )}
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label="Закрыть уведомление"
        onClick={(event) => {
          event.stopPropagation();
          onDismiss();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
