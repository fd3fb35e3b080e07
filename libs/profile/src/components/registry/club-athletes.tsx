import { Section } from '@fed/ui-kit';
import { useRegistrySportsmenQuery } from '../../api/registry-api';
import { clubAthleteListTexts } from '../../model/registry-lists';
import { SectionCards, useSectionPage } from './section-cards';
import { SportsmanCard } from './sportsman-card';
import styles from './public-profile.module.css';

export interface ClubAthletesProps {
  organizationId: string;
  /** From the club's page; no list is asked for when it has none. */
  count: number;
}

/** A club's athletes by name, paged in place, each as the directory shows them. */
export function ClubAthletes({ organizationId, count }: ClubAthletesProps) {
  const { from, size, ...paging } = useSectionPage();
  const query = useRegistrySportsmenQuery(
    { organizationId, sort: 'name_asc', from, size },
    { skip: count === 0 },
  );
  const total = query.data?.total ?? count;
  return (
    <Section title={`Спортсмены клуба (${total})`}>
      {count === 0 ? (
        <p className={styles.muted}>{clubAthleteListTexts.emptyTitle}</p>
      ) : (
        <SectionCards
          query={query}
          total={total}
          paging={paging}
          texts={clubAthleteListTexts}
          renderItem={(athlete) => <SportsmanCard athlete={athlete} titleAs="h3" hideClub />}
        />
      )}
    </Section>
  );
}
