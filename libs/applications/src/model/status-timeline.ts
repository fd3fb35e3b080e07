import { requestStateNames, type RequestState, type RequestView } from '@fed/contracts';

export interface TimelineStep {
  state: RequestState;
  /** What happened, in Russian. */
  title: string;
  /** When, RFC 3339. */
  at: string;
  /** Why, when the change came with a reason (a return or a rejection always does). */
  reason: string | null;
  /** The step the request stands at now. */
  current: boolean;
}

type TimelineFacts = Pick<RequestView, 'state_history' | 'requestState' | 'reason' | '__updatedAt'>;

function stepTitle(from: RequestState | null, to: RequestState): string {
  if (to === 'new') return 'Подана';
  if (from === 'returned' && to === 'under_review') return 'Отправлена повторно';
  return requestStateNames[to];
}

/**
 * The request's way so far, oldest first, from its `state_history`. A record without history (one made
 * before the platform kept it) still shows where it stands now.
 */
export function timelineSteps(request: TimelineFacts): TimelineStep[] {
  const history =
    request.state_history.length > 0
      ? request.state_history
      : [{ from: null, to: request.requestState, at: request.__updatedAt, reason: request.reason ?? null }];
  return history.map((entry, index) => ({
    state: entry.to,
    title: stepTitle(entry.from, entry.to),
    at: entry.at,
    reason: entry.reason?.trim() || null,
    current: index === history.length - 1,
  }));
}

/** Why the request was returned, while it stands returned: the athlete has to act on it. */
export function returnReason(request: TimelineFacts): string | null {
  if (request.requestState !== 'returned') return null;
  const fromRecord = request.reason?.trim();
  if (fromRecord) return fromRecord;
  const lastReturn = request.state_history.findLast((entry) => entry.to === 'returned');
  return lastReturn?.reason?.trim() || null;
}
