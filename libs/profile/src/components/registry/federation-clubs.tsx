import { ButtonLink, Section } from '@fed/ui-kit';
import { useRegistryOrganizationsQuery } from '../../api/registry-api';
import { federationOrganizationListTexts } from '../../model/registry-lists';
import { OrganizationCard } from './organization-card';
import { SectionCards, useSectionPage } from './section-cards';

export interface FederationClubsProps {
  /** The federation, left out of its own list. */
  federationId: string;
}

/**
 * The federation's organizations (its clubs, the federation itself left out) by name, paged in place, with the
 * way to the directory to search them.
 */
export function FederationClubs({ federationId }: FederationClubsProps) {
  const { from, size, ...paging } = useSectionPage();
  const query = useRegistryOrganizationsQuery({ excludeId: federationId, from, size });
  const total = query.data?.total ?? 0;
  return (
    <Section
      title={query.data ? `Организации федерации (${total})` : 'Организации федерации'}
      actions={
        <ButtonLink to="/organizations" variant="secondary" size="sm">
          Все организации
        </ButtonLink>
      }
    >
      <SectionCards
        query={query}
        total={total}
        paging={paging}
        texts={federationOrganizationListTexts}
        renderItem={(organization) => <OrganizationCard organization={organization} titleAs="h3" />}
      />
    </Section>
  );
}
