import type { ToastType } from './toast-store';

const paths: Record<ToastType, string> = {
  success: 'M9 12.5l2 2 4-4.5',
  error: 'M9 9l6 6M15 9l-6 6',
  info: 'M12 11v5M12 8h.01',
  warning: 'M12 8v5M12 16h.01',
};

/** The type's mark inside a circle; decorative, the toast names its type in text. */
export function ToastIcon({ type }: { type: ToastType }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.15" />
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d={paths[type]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
