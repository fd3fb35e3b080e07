import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SportsmanCard as SportsmanCardData } from '@fed/contracts';
import { Avatar, Badge, Card, SkeletonLine } from '@fed/ui-kit';
import { ageClassName, genderOf, pictureUrl } from '../../model/registry-people';
import { profilePath } from './profile-path';
import styles from './registry-card.module.css';

/** The avatar's slot on a card, in CSS pixels (Avatar `lg`). */
const AVATAR_PX = 64;

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

/**
 * One athlete of the directory: photo (or the placeholder by gender), name opening their page, club, city, age
 * class and the membership mark — as much as the person lets others see (the api leaves the rest out).
 */
export function SportsmanCard({ athlete, titleAs: Title = 'h2', hideClub = false }: SportsmanCardProps) {
  const titleId = useId();
  const clubId = athlete.organiz[0];
  const ageClass = ageClassName(athlete);
  return (
    <Card as="article" elevated className={styles.card} aria-labelledby={titleId}>
      <Avatar
        src={pictureUrl(athlete.photo, AVATAR_PX)}
        name={athlete.__name}
        role="sportsman"
        gender={genderOf(athlete)}
        size="lg"
        decorative
      />
      <div className={styles.body}>
        <Title id={titleId} className={styles.name}>
          <Link to={profilePath(athlete.__id)} className={styles.link}>
            {athlete.__name}
          </Link>
        </Title>
        <dl className={styles.facts}>
          {!hideClub && clubId && athlete.organizationName && (
            <CardFact term="Клуб">
              <Link to={profilePath(clubId)} className={styles.inner}>
                {athlete.organizationName}
              </Link>
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
      </div>
    </Card>
  );
}

/** A grey card in the shape of a directory card while the list loads. */
export function RegistryCardSkeleton() {
  return (
    <Card elevated className={styles.card} aria-hidden="true">
      <Avatar name="" role="sportsman" size="lg" decorative />
      <div className={styles.skeleton}>
        <SkeletonLine size="title" />
        <SkeletonLine size="half" />
        <SkeletonLine size="short" />
      </div>
    </Card>
  );
}
