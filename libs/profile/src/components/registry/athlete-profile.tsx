import type { ReactNode } from 'react';
import { competitionPagePath } from '@fed/contracts';
import { Link } from 'react-router-dom';
import { calendarDayOf, isoDay } from '@fed/calendar';
import type { AthleteResult, SportsmanProfile } from '@fed/contracts';
import {
  Badge,
  Card,
  Fact,
  FactList,
  formatDateRange,
  formatEventDay,
  isAhead,
  Section,
  useClock,
} from '@fed/ui-kit';
import { siteUrl } from '../../model/registry-contacts';
import { ageClassName } from '../../model/registry-people';
import { profilePath } from './profile-path';
import { SiteFact } from './site-fact';
import { MembershipMark, SportsmanPhoto } from './sportsman-card';
import styles from './public-profile.module.css';

function ResultLine({ result }: { result: AthleteResult }) {
  const clock = useClock();
  return (
    <li className={styles.event}>
      <p className={styles.eventDate}>
        <time dateTime={isoDay(calendarDayOf(result.dateStart))}>
          {formatDateRange(result.dateStart, result.dateEnd)}
        </time>
      </p>
      <div className={styles.eventBody}>
        <p className={styles.eventName}>
          <Link to={competitionPagePath(result.competitionId)}>{result.competitionName}</Link>
        </p>
        {(result.gorod || result.programNames.length > 0) && (
          <p className={styles.eventMeta}>
            {[result.gorod, ...result.programNames].filter(Boolean).join(' · ')}
          </p>
        )}
      </div>
      {result.place !== null ? (
        <Badge as="p" size="md" tone={result.place <= 3 ? 'primary' : 'neutral'} className={styles.place}>
          {result.place} место
        </Badge>
      ) : (
        isAhead(result.dateStart, clock) && (
          <Badge as="p" tone="info" className={styles.place}>
            Предстоит
          </Badge>
        )
      )}
    </li>
  );
}

export interface AthleteProfileProps {
  athlete: SportsmanProfile;
  titleId: string;
  /** What the viewer may do about this athlete, under the name. */
  actions?: ReactNode;
}

/**
 * An athlete's public page: photo (the placeholder when it is not published, always for a minor without a
 * parent's consent), name, club, city, age class, birth year, coach, membership and the events entered with
 * places — what the api lets through for this viewer, nothing decided here.
 */
export function AthleteProfile({ athlete, titleId, actions }: AthleteProfileProps) {
  const clubId = athlete.organiz[0];
  const ageClass = ageClassName(athlete);
  const vk = siteUrl(athlete.vk_link);
  return (
    <article className={styles.page} aria-labelledby={titleId}>
      <div className={styles.header}>
        <SportsmanPhoto athlete={athlete} size="xl" />
        <div className={styles.headline}>
          <p className={styles.kind}>Спортсмен</p>
          <h1 id={titleId} className={styles.title}>
            {athlete.__name}
          </h1>
          {athlete.membershipValid && (
            <p className={styles.muted}>
              <MembershipMark />
            </p>
          )}
          {actions}
        </div>
        <Card as="section" aria-label="Сведения" className={styles.contactsCard}>
          <FactList className={styles.contactFacts}>
            <Fact term="Клуб">
              {clubId && athlete.organizationName ? (
                <Link to={profilePath(clubId)}>{athlete.organizationName}</Link>
              ) : (
                'Не указан'
              )}
            </Fact>
            {athlete.gorod && <Fact term="Город">{athlete.gorod}</Fact>}
            {ageClass && <Fact term="Возрастной класс">{ageClass}</Fact>}
            {athlete.birth_year !== undefined && <Fact term="Год рождения">{athlete.birth_year}</Fact>}
            {athlete.coach && <Fact term="Тренер">{athlete.coach}</Fact>}
            {athlete.membershipValid && athlete.term_membership && (
              <Fact term="Членство в федерации">до {formatEventDay(athlete.term_membership)}</Fact>
            )}
            {vk && <SiteFact term="ВКонтакте" href={vk} />}
          </FactList>
        </Card>
      </div>

      <Section title="Выступления">
        {athlete.results === undefined ? (
          <p className={styles.muted}>Спортсмен не публикует свои выступления.</p>
        ) : athlete.results.length === 0 ? (
          <p className={styles.muted}>Пока нет мероприятий, в которых спортсмен выступал.</p>
        ) : (
          <Card>
            <ul className={styles.events}>
              {athlete.results.map((result) => (
                <ResultLine key={result.requestId} result={result} />
              ))}
            </ul>
          </Card>
        )}
      </Section>
    </article>
  );
}
