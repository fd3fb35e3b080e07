import type { ReactNode } from 'react';
import type { OrganizationProfile as OrganizationProfileData } from '@fed/contracts';
import { Section } from '@fed/ui-kit';
import { ClubAthletes } from './club-athletes';
import { FederationClubs } from './federation-clubs';
import { OrganizationHeader } from './organization-header';
import { OrganizerEvents } from './organizer-events';
import styles from './public-profile.module.css';

export interface OrganizationProfileProps {
  organization: OrganizationProfileData;
  titleId: string;
  /**
   * The federation's own page: its documents (composed by the app, which owns them) and its organizations
   * instead of a club's athletes.
   */
  federation?: { documents?: ReactNode };
}

/** A club's public page (logo, contacts, athletes, events), or the federation's (documents, events, organizations). */
export function OrganizationProfile({ organization, titleId, federation }: OrganizationProfileProps) {
  return (
    <article className={styles.page} aria-labelledby={titleId}>
      <OrganizationHeader
        organization={organization}
        kind={federation ? 'Федерация' : 'Организация'}
        titleId={titleId}
      />
      <div className={styles.sections}>
        {federation?.documents && <Section title="Документы">{federation.documents}</Section>}
        {!federation && (
          <ClubAthletes organizationId={organization.__id} count={organization.athletesCount} />
        )}
        <OrganizerEvents
          organizerId={organization.__id}
          upcomingCount={organization.upcomingEventsCount}
          pastCount={organization.pastEventsCount}
        />
        {federation && <FederationClubs federationId={organization.__id} />}
      </div>
    </article>
  );
}
