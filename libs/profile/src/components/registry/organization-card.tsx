import type { OrganizationCard as OrganizationCardData } from '@fed/contracts';
import { Avatar } from '@fed/ui-kit';
import { athletesCount, pictureUrl, upcomingEventsCount } from '../../model/registry-people';
import { profilePath } from './profile-path';
import { RegistryCard } from './registry-card';
import { CardFact } from './sportsman-card';
import styles from './registry-card.module.css';

const LOGO_PX = 64;

export interface OrganizationCardProps {
  organization: OrganizationCardData;
  titleAs?: 'h2' | 'h3';
}

/** One organization of the directory: logo, name opening its page, city, its athletes and upcoming events. */
export function OrganizationCard({ organization, titleAs = 'h2' }: OrganizationCardProps) {
  return (
    <RegistryCard
      to={profilePath(organization.__id)}
      name={organization.__name}
      picture={
        <Avatar
          src={pictureUrl(organization.logo, LOGO_PX)}
          name={organization.__name}
          role="organization"
          size="lg"
          decorative
        />
      }
      titleAs={titleAs}
    >
      {organization.gorod && (
        <dl className={styles.facts}>
          <CardFact term="Город">{organization.gorod}</CardFact>
        </dl>
      )}
      <ul className={styles.counts}>
        <li>{athletesCount(organization.athletesCount)}</li>
        <li>{upcomingEventsCount(organization.upcomingEventsCount)}</li>
      </ul>
    </RegistryCard>
  );
}
