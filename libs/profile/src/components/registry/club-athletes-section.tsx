import type { ScriptInput, ScriptOutput } from '@fed/api-client';
import { Section } from '@fed/ui-kit';
import { clubAthleteListTexts } from '../../model/registry-lists';
import { SectionCards, type SectionList, type SectionPaging } from './section-cards';
import { SportsmanCard } from './sportsman-card';
import styles from './public-profile.module.css';

export interface ClubAthletesProps {
  organizationId: string;
  /** From the club's page; no list is asked for when it has none. */
  count: number;
}

/** The read of a page of a club's athletes, by name. */
export const clubAthletesInput = (
  organizationId: string,
  from: number,
  size: number,
): ScriptInput<'getSportsmen'> => ({ organizationId, sort: 'name_asc', from, size });

export type ClubAthlete = ScriptOutput<'getSportsmen'>['result'][number];

export interface ClubAthletesSectionProps {
  count: number;
  /** How many the last answer says, else the club page's count. */
  total: number;
  list: SectionList<ClubAthlete>;
  paging: SectionPaging;
}

/**
 * A club's athletes by name, paged in place, each as the directory shows them — however the page is read: by the
 * app's store (`ClubAthletes`) or, on a guest's page, by its island (`ClubAthletesIsland`).
 */
export function ClubAthletesSection({ count, total, list, paging }: ClubAthletesSectionProps) {
  return (
    <Section title={`Спортсмены клуба (${total})`}>
      {count === 0 ? (
        <p className={styles.muted}>{clubAthleteListTexts.emptyTitle}</p>
      ) : (
        <SectionCards
          list={list}
          total={total}
          paging={paging}
          texts={clubAthleteListTexts}
          renderItem={(athlete) => <SportsmanCard athlete={athlete} titleAs="h3" hideClub />}
        />
      )}
    </Section>
  );
}
