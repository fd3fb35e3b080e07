import { queryState } from '@fed/api-client';
import { useRegistryOrganizationsQuery } from '../../api/registry-api';
import {
  federationClubsInput,
  FederationClubsSection,
  type FederationClubsProps,
} from './federation-clubs-section';
import { useSectionPage } from './section-cards';

export type { FederationClubsProps } from './federation-clubs-section';

/** The federation's organizations, paged in place, read by the app's store. */
export function FederationClubs({ federationId }: FederationClubsProps) {
  const { from, size, ...paging } = useSectionPage();
  const query = useRegistryOrganizationsQuery(federationClubsInput(federationId, from, size));
  return (
    <FederationClubsSection
      total={query.data?.total}
      list={{ items: query.data?.result, ...queryState(query) }}
      paging={paging}
    />
  );
}
