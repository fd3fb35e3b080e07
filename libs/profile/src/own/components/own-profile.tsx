import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { selectContractorType, selectUserId } from '@fed/auth-session';
import { PageSkeleton } from '@fed/ui-kit';
import { AthleteCabinet } from './athlete-cabinet';

// An organization's cabinet is a chunk of its own: an athlete's does not load it.
const OrganizationCabinet = lazy(() =>
  import('./organization-cabinet').then((module) => ({ default: module.OrganizationCabinet })),
);

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
    <Suspense fallback={<PageSkeleton label="Загружаем профиль" />}>
      <OrganizationCabinet key={id} id={id} />
    </Suspense>
  ) : (
    <AthleteCabinet key={id} id={id} />
  );
}
