import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { OrganizationCard as OrganizationCardData } from '@fed/contracts';
import { Avatar, Card } from '@fed/ui-kit';
import { athletesCount, pictureUrl, upcomingEventsCount } from '../../model/registry-people';
import { profilePath } from './profile-path';
import { CardFact } from './sportsman-card';
import styles from './registry-card.module.css';

const LOGO_PX = 64;

export interface OrganizationCardProps {
  organization: OrganizationCardData;
  titleAs?: 'h2' | 'h3';
}

/** One organization of the directory: logo, name opening its page, city, its athletes and upcoming events. */
export function OrganizationCard({ organization, titleAs: Title = 'h2' }: OrganizationCardProps) {
  const titleId = useId();
  return (
    <Card as="article" elevated className={styles.card} aria-labelledby={titleId}>
      <Avatar
        src={pictureUrl(organization.logo, LOGO_PX)}
        name={organization.__name}
        role="organization"
        size="lg"
        decorative
      />
      <div className={styles.body}>
        <Title id={titleId} className={styles.name}>
          <Link to={profilePath(organization.__id)} className={styles.link}>
            {organization.__name}
          </Link>
        </Title>
        {organization.gorod && (
          <dl className={styles.facts}>
            <CardFact term="Город">{organization.gorod}</CardFact>
          </dl>
        )}
        <ul className={styles.counts}>
          <li>{athletesCount(organization.athletesCount)}</li>
          <li>{upcomingEventsCount(organization.upcomingEventsCount)}</li>
        </ul>
      </div>
    </Card>
  );
}
