import { useState } from 'react';
import { queryState } from '@fed/api-client';
import { useRegistryEventsQuery } from '../../api/registry-api';
import {
  periodEventsInput,
  PeriodEventsSection,
  type OrganizerEventsProps,
  type Period,
} from './organizer-events-section';

function PeriodEvents({
  organizerId,
  period,
  count,
}: {
  organizerId: string;
  period: Period;
  count: number;
}) {
  const [page, setPage] = useState(1);
  const query = useRegistryEventsQuery(periodEventsInput(organizerId, period, page), { skip: count === 0 });
  return (
    <PeriodEventsSection
      period={period}
      count={count}
      total={query.data?.total ?? count}
      list={{ items: query.data?.result, ...queryState(query) }}
      page={page}
      onPageChange={setPage}
    />
  );
}

/** An organizer's events, upcoming (soonest first) and past (latest first), each paged in place. */
export function OrganizerEvents({ organizerId, upcomingCount, pastCount }: OrganizerEventsProps) {
  return (
    <>
      <PeriodEvents organizerId={organizerId} period="upcoming" count={upcomingCount} />
      <PeriodEvents organizerId={organizerId} period="past" count={pastCount} />
    </>
  );
}
