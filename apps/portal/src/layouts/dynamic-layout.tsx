import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { selectIsAuthenticated, selectSigningIn } from '@fed/auth-session';
import type { PortalState } from '../app/store';
import { GuestLayout } from './guest-layout';
import { LazySignedInLayout } from './lazy-signed-in-layout';

export interface DynamicLayoutProps {
  children?: ReactNode;
  /**
   * The guest frame until a sign-in made on the page is over (the registration pages): the page keeps its step
   * until it has gone on, rather than being drawn anew in the signed-in frame the moment the tokens arrive.
   */
  guestWhileSigningIn?: boolean;
}

/** Dynamic layout (spec §2): the signed-in layout when authenticated, else the guest layout. */
export function DynamicLayout({ children, guestWhileSigningIn = false }: DynamicLayoutProps) {
  const authenticated = useSelector((state: PortalState) => selectIsAuthenticated(state));
  const signingIn = useSelector((state: PortalState) => selectSigningIn(state));
  return authenticated && !(guestWhileSigningIn && signingIn) ? (
    <LazySignedInLayout>{children}</LazySignedInLayout>
  ) : (
    <GuestLayout>{children}</GuestLayout>
  );
}
