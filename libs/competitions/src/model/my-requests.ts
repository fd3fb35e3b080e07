import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { selectContractorType, selectUserId } from '@fed/auth-session';
import type { RequestState, RequestView } from '@fed/contracts';
import { useMyCompetitionRequestsQuery } from '../api/events-api';

/** A rejected or withdrawn request no longer counts: the athlete may apply again. */
const ENDED_STATES: readonly RequestState[] = ['rejected', 'cancelled'];

/** Each event's live request among the athlete's requests (the newest, should there be several). */
export function liveRequestsByEvent(requests: readonly RequestView[]): ReadonlyMap<string, RequestView> {
  const byEvent = new Map<string, RequestView>();
  for (const request of requests) {
    const eventId = request.competition[0];
    if (!eventId || ENDED_STATES.includes(request.requestState) || byEvent.has(eventId)) continue;
    byEvent.set(eventId, request);
  }
  return byEvent;
}

const none: ReadonlyMap<string, RequestView> = new Map();

/**
 * The signed-in athlete's live requests by event, from one request for all of them (the list and the event
 * page share it); empty for guests and organizations, and until it has loaded.
 */
export function useMyRequestsByEvent(): ReadonlyMap<string, RequestView> {
  const athlete = useSelector(selectContractorType) === 'sportsman';
  const sportsmanId = useSelector(selectUserId);
  const { data } = useMyCompetitionRequestsQuery(athlete && sportsmanId ? sportsmanId : skipToken);
  return useMemo(() => (data ? liveRequestsByEvent(data.result) : none), [data]);
}
