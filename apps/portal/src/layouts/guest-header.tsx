import { useLocation } from 'react-router-dom';
import { Island } from '@fed/ui-kit';
import { GUEST_HEADER_ISLAND } from '../islands/names';
import { GuestHeaderView, type GuestHeaderViewProps } from './guest-header-view';
import { guestNavLinks } from './nav-links';

/**
 * The guest header, an island: on a guest's server-rendered page it is hydrated alone (`GuestHeaderView` from
 * these props), in the app it renders here. Its links are page loads either way, which land on a page the server
 * renders for a guest.
 */
export function GuestHeader() {
  const props: GuestHeaderViewProps = { pathname: useLocation().pathname, links: guestNavLinks() };
  return (
    <Island name={GUEST_HEADER_ISLAND} props={props}>
      <GuestHeaderView {...props} />
    </Island>
  );
}
