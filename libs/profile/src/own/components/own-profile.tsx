import { useSelector } from 'react-redux';
import { selectContractorType, selectUserId } from '@fed/auth-session';
import { AthleteCabinet } from './athlete-cabinet';
import { OrganizationCabinet } from './organization-cabinet';

/**
 * The signed-in account's own profile in the cabinet: an athlete's (with the legal representative of a minor and
 * the consent to publish), or an organization's with the way to edit it.
 */
export function OwnProfile() {
  const id = useSelector(selectUserId);
  const contractorType = useSelector(selectContractorType);
  if (!id) return null;
  // Keyed by the account: switching to another athlete starts its forms afresh.
  return contractorType === 'organization' ? (
    <OrganizationCabinet key={id} id={id} />
  ) : (
    <AthleteCabinet key={id} id={id} />
  );
}
