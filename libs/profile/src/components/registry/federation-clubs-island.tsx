import { platformGet, type ScriptOutput } from '@fed/api-client';
import { sectionListOf, useGuestRead } from '../../model/use-guest-read';
import {
  federationClubsInput,
  FederationClubsSection,
  type FederationClubsProps,
} from './federation-clubs-section';
import { useSectionPage } from './section-cards';

/**
 * The federation's organizations as an island of a guest's server-rendered federation page: the app's section,
 * its pages read as a guest (no store), from the props the page carries.
 */
export function FederationClubsIsland({ federationId }: FederationClubsProps) {
  const { from, size, ...paging } = useSectionPage();
  const read = useGuestRead<ScriptOutput<'getOrganizations'>>(
    platformGet('getOrganizations', federationClubsInput(federationId, from, size)),
  );
  return (
    <FederationClubsSection
      total={read.data?.total}
      list={sectionListOf(read, read.data?.result)}
      paging={paging}
    />
  );
}
