import type { ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

/**
 * The screen edge a toast enters from and stacks at: `top` under the page header, the newest on top pushing the
 * older ones down; `bottom` at the foot of the screen, the newest at the bottom pushing the older ones up.
 */
export type ToastDirection = 'top' | 'bottom';

/** Spec §9: default lifetime and the enter/leave transition, in ms. */
export const TOAST_LIFETIME = 5000;
export const TOAST_TRANSITION = 300;

/** What a toast may set besides its type and content (spec §2: lifetime, icon, direction). */
export interface ToastOptions {
  /** ms before it leaves by itself (`TOAST_LIFETIME` by default); `Infinity` keeps it until clicked. */
  lifetime?: number;
  /**
   * Shown instead of the type's mark; `null` shows none. Decorative either way: the toast names its type in
   * words for screen readers.
   */
  icon?: ReactNode;
  /** Where it enters and stacks; the provider's direction by default. */
  direction?: ToastDirection;
}

export interface ToastItem {
  id: number;
  type: ToastType;
  /** Inline markdown (bold, italic, links); rendered sanitized, links to a new tab. */
  content: string;
  /** ms it stays before leaving by itself; `Infinity` until clicked. */
  lifetime: number;
  /** Its own mark, when it has one (`null`: none); the type's otherwise. */
  icon?: ReactNode;
  /** Its own edge, when it has one; the provider's otherwise. */
  direction?: ToastDirection;
  /** Set while the leave transition runs. */
  leaving: boolean;
}

/** Pushes and removes toasts; the same shape from `useToast()` and the module-level `toast`. */
export interface ToastApi {
  show: (type: ToastType, content: string, options?: ToastOptions) => number;
  success: (content: string, options?: ToastOptions) => number;
  error: (content: string, options?: ToastOptions) => number;
  info: (content: string, options?: ToastOptions) => number;
  warning: (content: string, options?: ToastOptions) => number;
  /** Starts the leave transition; the toast is gone after it. */
  dismiss: (id: number) => void;
  /** Removes every toast at once, without transition. */
  clear: () => void;
}

export interface ToastStore extends ToastApi {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly ToastItem[];
}

/**
 * A toast list that lives outside React, so that code outside components (an RTK Query error
 * handler, a service) can push toasts; `ToastProvider` renders whichever store it is given.
 * Lifetimes are kept here too: a toast leaves on time even if nothing re-renders.
 */
export function createToastStore(): ToastStore {
  let items: readonly ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  const emit = () => listeners.forEach((listener) => listener());
  const schedule = (id: number, after: number, run: () => void) => {
    clearTimeout(timers.get(id));
    timers.set(id, setTimeout(run, after));
  };

  const remove = (id: number) => {
    timers.delete(id);
    items = items.filter((item) => item.id !== id);
    emit();
  };

  const dismiss = (id: number) => {
    const item = items.find((candidate) => candidate.id === id);
    if (!item || item.leaving) return;
    items = items.map((candidate) => (candidate.id === id ? { ...candidate, leaving: true } : candidate));
    schedule(id, TOAST_TRANSITION, () => remove(id));
    emit();
  };

  const show = (type: ToastType, content: string, options: ToastOptions = {}) => {
    const { lifetime = TOAST_LIFETIME, icon, direction } = options;
    const id = nextId++;
    const item: ToastItem = { id, type, content, lifetime, leaving: false };
    // Only what was given: an icon of `null` (none) is not the same as no icon option (the type's).
    if ('icon' in options) item.icon = icon;
    if (direction !== undefined) item.direction = direction;
    items = [...items, item];
    if (Number.isFinite(lifetime)) schedule(id, lifetime, () => dismiss(id));
    emit();
    return id;
  };

  return {
    show,
    success: (content, options) => show('success', content, options),
    error: (content, options) => show('error', content, options),
    info: (content, options) => show('info', content, options),
    warning: (content, options) => show('warning', content, options),
    dismiss,
    clear: () => {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      items = [];
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
  };
}

/**
 * The portal's toasts, reachable from anywhere: `toast.error('Произошла неожиданная ошибка')`.
 * `ToastProvider` shows this store unless given another one.
 */
export const toast: ToastStore = createToastStore();
