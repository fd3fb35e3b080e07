import { platformGet, type ScriptOutput } from '@fed/api-client';
import { sectionListOf, useGuestRead } from '../../model/use-guest-read';
import { clubAthletesInput, ClubAthletesSection, type ClubAthletesProps } from './club-athletes-section';
import { useSectionPage } from './section-cards';

/**
 * A club's athletes as an island of a guest's server-rendered club page: the same section as the app's, its
 * pages read as a guest (no store), from the props the page carries.
 */
export function ClubAthletesIsland({ organizationId, count }: ClubAthletesProps) {
  const { from, size, ...paging } = useSectionPage();
  const read = useGuestRead<ScriptOutput<'getSportsmen'>>(
    count === 0 ? null : platformGet('getSportsmen', clubAthletesInput(organizationId, from, size)),
  );
  return (
    <ClubAthletesSection
      count={count}
      total={read.data?.total ?? count}
      list={sectionListOf(read, read.data?.result)}
      paging={paging}
    />
  );
}
