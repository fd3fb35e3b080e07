import { lazy, Suspense } from 'react';
import type { SignedInLayoutProps } from './signed-in-layout';

// Guests never need the signed-in frame (side bar, account menus): it is its own chunk.
const SignedInLayout = lazy(() => import('./signed-in-layout').then((m) => ({ default: m.SignedInLayout })));

export function LazySignedInLayout(props: SignedInLayoutProps) {
  return (
    <Suspense fallback={null}>
      <SignedInLayout {...props} />
    </Suspense>
  );
}
