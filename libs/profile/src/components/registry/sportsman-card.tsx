import type { ReactNode } from 'react';
import type { SportsmanCard as SportsmanCardData } from '@fed/contracts';
import { Avatar, Badge, cardLinkStyles, PageLink } from '@fed/ui-kit';
import { ageClassName, genderOf, pictureUrl } from '../../model/registry-people';
import { profilePath } from './profile-path';
import { RegistryCard } from './registry-card';
import styles from './registry-card.module.css';

/** The photo's slot in CSS pixels for each Avatar size it is shown at. */
const PHOTO_PX = { lg: 64, xl: 96 } as const;

export interface SportsmanCardProps {
  athlete: SportsmanCardData;
  /** The card title's heading level: h2 in the directory, h3 under a page's section. */
  titleAs?: 'h2' | 'h3';
  /** Leave the club out (on the club's own page). */
  hideClub?: boolean;
}

/**
 * A fact of a card, its value alone on the line (a club, a city, an age class speak for themselves); the term is
 * read out, not shown, so a long class name keeps the card's width.
 */
export function CardFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="visually-hidden">{term}</dt>
      <dd className={styles.fact}>{children}</dd>
    </div>
  );
}

/** «член федерации» while the membership lasts (the registry's `membershipValid`). */
export function MembershipMark() {
  return (
    <Badge tone="success" title="Членство в федерации действует">
      член федерации
    </Badge>
  );
}

/** An athlete's photo, or the placeholder by gender (always for a minor without a parent's consent). */
export function SportsmanPhoto({
  athlete,
  size,
}: {
  athlete: Pick<SportsmanCardData, 'photo' | '__name' | 'pol'>;
  size: keyof typeof PHOTO_PX;
}) {
  return (
    <Avatar
      src={pictureUrl(athlete.photo, PHOTO_PX[size])}
      name={athlete.__name}
      role="sportsman"
      gender={genderOf(athlete)}
      size={size}
      decorative
    />
  );
}

/**
 * One athlete of the directory: photo (or the placeholder by gender), name opening their page, club, city, age
 * class and the membership mark — as much as the person lets others see (the api leaves the rest out).
 */
export function SportsmanCard({ athlete, titleAs = 'h2', hideClub = false }: SportsmanCardProps) {
  const clubId = athlete.organiz[0];
  const ageClass = ageClassName(athlete);
  return (
    <RegistryCard
      to={profilePath(athlete.__id)}
      name={athlete.__name}
      picture={<SportsmanPhoto athlete={athlete} size="lg" />}
      titleAs={titleAs}
    >
      <dl className={styles.facts}>
        {!hideClub && clubId && athlete.organizationName && (
          <CardFact term="Клуб">
            <PageLink to={profilePath(clubId)} className={cardLinkStyles.inner}>
              {athlete.organizationName}
            </PageLink>
          </CardFact>
        )}
        {athlete.gorod && <CardFact term="Город">{athlete.gorod}</CardFact>}
        {ageClass && <CardFact term="Возрастной класс">{ageClass}</CardFact>}
      </dl>
      {athlete.membershipValid && (
        <p className={styles.counts}>
          <MembershipMark />
        </p>
      )}
    </RegistryCard>
  );
}
