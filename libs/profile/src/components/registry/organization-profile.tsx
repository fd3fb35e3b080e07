import type { ReactNode } from 'react';
import type { OrganizationProfile as OrganizationProfileData } from '@fed/contracts';
import { Island, Section } from '@fed/ui-kit';
import { CLUB_ATHLETES_ISLAND, FEDERATION_CLUBS_ISLAND, ORGANIZER_EVENTS_ISLAND } from '../../islands';
import { ClubAthletes, type ClubAthletesProps } from './club-athletes';
import { FederationClubs, type FederationClubsProps } from './federation-clubs';
import { OrganizationHeader } from './organization-header';
import { OrganizerEvents } from './organizer-events';
import type { OrganizerEventsProps } from './organizer-events-section';
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
  // The sections page in place, read in the browser: each is an island of a guest's page, from these props.
  const athletes: ClubAthletesProps = {
    organizationId: organization.__id,
    count: organization.athletesCount,
  };
  const events: OrganizerEventsProps = {
    organizerId: organization.__id,
    upcomingCount: organization.upcomingEventsCount,
    pastCount: organization.pastEventsCount,
  };
  const clubs: FederationClubsProps = { federationId: organization.__id };
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
          <Island name={CLUB_ATHLETES_ISLAND} props={athletes}>
            <ClubAthletes {...athletes} />
          </Island>
        )}
        <Island name={ORGANIZER_EVENTS_ISLAND} props={events}>
          <OrganizerEvents {...events} />
        </Island>
        {federation && (
          <Island name={FEDERATION_CLUBS_ISLAND} props={clubs}>
            <FederationClubs {...clubs} />
          </Island>
        )}
      </div>
    </article>
  );
}
