import type { ScriptInput, ScriptOutput } from '@fed/api-client';
import { ButtonPageLink, Section } from '@fed/ui-kit';
import { federationOrganizationListTexts } from '../../model/registry-lists';
import { OrganizationCard } from './organization-card';
import { SectionCards, type SectionList, type SectionPaging } from './section-cards';

export interface FederationClubsProps {
  /** The federation, left out of its own list. */
  federationId: string;
}

/** The read of a page of the federation's organizations, the federation left out. */
export const federationClubsInput = (
  federationId: string,
  from: number,
  size: number,
): ScriptInput<'getOrganizations'> => ({ excludeId: federationId, from, size });

export type FederationClub = ScriptOutput<'getOrganizations'>['result'][number];

export interface FederationClubsSectionProps {
  /** The total of the last answer; `undefined` until the first. */
  total: number | undefined;
  list: SectionList<FederationClub>;
  paging: SectionPaging;
}

/**
 * The federation's organizations (its clubs, the federation itself left out) by name, paged in place, with the
 * way to the directory to search them — read by the app's store (`FederationClubs`) or, on a guest's page, by
 * its island (`FederationClubsIsland`).
 */
export function FederationClubsSection({ total, list, paging }: FederationClubsSectionProps) {
  return (
    <Section
      title={total !== undefined ? `Организации федерации (${total})` : 'Организации федерации'}
      actions={
        <ButtonPageLink to="/organizations" variant="secondary" size="sm">
          Все организации
        </ButtonPageLink>
      }
    >
      <SectionCards
        list={list}
        total={total ?? 0}
        paging={paging}
        texts={federationOrganizationListTexts}
        renderItem={(organization) => <OrganizationCard organization={organization} titleAs="h3" />}
      />
    </Section>
  );
}
