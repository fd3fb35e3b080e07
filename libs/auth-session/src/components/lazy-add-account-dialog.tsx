import { lazy, Suspense } from 'react';
import type { AddAccountDialogProps } from './add-account-dialog';

// The dialog brings the forms stack (zod, react-hook-form, masks, address search): loaded when first opened.
const AddAccountDialog = lazy(() =>
  import('./add-account-dialog').then((m) => ({ default: m.AddAccountDialog })),
);

/** The add-account dialog, fetched on first open so the menus cost the first page load nothing extra. */
export function LazyAddAccountDialog(props: AddAccountDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <AddAccountDialog {...props} />
    </Suspense>
  );
}
