import { Section } from '@fed/ui-kit';
import { useRegistrySportsmenQuery } from '../../api/registry-api';
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
  const { page, setPage, from, size } = useSectionPage();
  const query = useRegistrySportsmenQuery(
    { organizationId, sort: 'name_asc', from, size },
    { skip: count === 0 },
  );
  const total = query.data?.total ?? count;
  return (
    <Section title={`Спортсмены клуба (${total})`}>
      {count === 0 ? (
        <p className={styles.muted}>В клубе пока нет спортсменов.</p>
      ) : (
        <SectionCards
          query={query}
          total={total}
          page={page}
          onPageChange={setPage}
          loadingLabel="Загрузка спортсменов…"
          errorTitle="Не удалось загрузить спортсменов клуба"
          emptyTitle="В клубе пока нет спортсменов."
          pagerLabel="Страницы списка спортсменов клуба"
          itemKey={(athlete) => athlete.__id}
          renderItem={(athlete) => <SportsmanCard athlete={athlete} titleAs="h3" hideClub />}
        />
      )}
    </Section>
  );
}
