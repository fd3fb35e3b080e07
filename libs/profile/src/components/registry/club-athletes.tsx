import { queryState } from '@fed/api-client';
import { useRegistrySportsmenQuery } from '../../api/registry-api';
import { clubAthletesInput, ClubAthletesSection, type ClubAthletesProps } from './club-athletes-section';
import { useSectionPage } from './section-cards';

export type { ClubAthletesProps } from './club-athletes-section';

/** A club's athletes by name, paged in place, read by the app's store. */
export function ClubAthletes({ organizationId, count }: ClubAthletesProps) {
  const { from, size, ...paging } = useSectionPage();
  const query = useRegistrySportsmenQuery(clubAthletesInput(organizationId, from, size), {
    skip: count === 0,
  });
  return (
    <ClubAthletesSection
      count={count}
      total={query.data?.total ?? count}
      list={{ items: query.data?.result, ...queryState(query) }}
      paging={paging}
    />
  );
}
