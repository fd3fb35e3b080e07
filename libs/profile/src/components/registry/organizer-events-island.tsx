import { useState } from 'react';
import { platformGet, type ScriptOutput } from '@fed/api-client';
import { sectionListOf, useGuestRead } from '../../model/use-guest-read';
import {
  periodEventsInput,
  PeriodEventsSection,
  type OrganizerEventsProps,
  type Period,
} from './organizer-events-section';

function PeriodEventsIsland({
  organizerId,
  period,
  count,
}: {
  organizerId: string;
  period: Period;
  count: number;
}) {
  const [page, setPage] = useState(1);
  const read = useGuestRead<ScriptOutput<'getEvents'>>(
    count === 0 ? null : platformGet('getEvents', periodEventsInput(organizerId, period, page)),
  );
  return (
    <PeriodEventsSection
      period={period}
      count={count}
      total={read.data?.total ?? count}
      list={sectionListOf(read, read.data?.result)}
      page={page}
      onPageChange={setPage}
    />
  );
}

/**
 * An organizer's events as an island of a guest's server-rendered club or federation page: the app's two
 * sections, their pages read as a guest (no store), from the props the page carries.
 */
export function OrganizerEventsIsland({ organizerId, upcomingCount, pastCount }: OrganizerEventsProps) {
  return (
    <>
      <PeriodEventsIsland organizerId={organizerId} period="upcoming" count={upcomingCount} />
      <PeriodEventsIsland organizerId={organizerId} period="past" count={pastCount} />
    </>
  );
}
