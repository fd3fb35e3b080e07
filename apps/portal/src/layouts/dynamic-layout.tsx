import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { selectIsAuthenticated } from '@fed/auth-session';
import type { PortalState } from '../app/store';
import { GuestLayout } from './guest-layout';
import { LazySignedInLayout } from './lazy-signed-in-layout';

/** Dynamic layout (spec §2): the signed-in layout when authenticated, else the guest layout. */
export function DynamicLayout({ children }: { children?: ReactNode }) {
  const authenticated = useSelector((state: PortalState) => selectIsAuthenticated(state));
  return authenticated ? (
    <LazySignedInLayout>{children}</LazySignedInLayout>
  ) : (
    <GuestLayout>{children}</GuestLayout>
  );
}
