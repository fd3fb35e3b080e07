import { createContext, useContext } from 'react';
import type { ToastApi } from './toast-store';

/*
 * Apart from the provider: a component that may say something in a toast but does not need one to work (the
 * sign-in's code step, which is also an island without the app's toasts) asks here, and the provider's viewport,
 * its styles and icons stay out of such an island's script.
 */

export const ToastContext = createContext<ToastApi | null>(null);

/** Push toasts from a component. Outside React use the module-level `toast` instead. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}

/** The toasts where a `ToastProvider` is above, else `null`: the caller then says it some other way, or not at all. */
export function useToastIfShown(): ToastApi | null {
  return useContext(ToastContext);
}
