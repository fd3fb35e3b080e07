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

type TimelineFacts = Pick<RequestView, 'state_history' | 'requestState' | 'reason' | '__updatedAt'> &
  Partial<Pick<RequestView, 'payment_status' | 'paid_at'>>;

function stepTitle(from: RequestState | null, to: RequestState): string {
  if (to === 'new') return 'Подана';
  if (from === 'returned' && to === 'under_review') return 'Отправлена повторно';
  return requestStateNames[to];
}

/**
 * The request's way so far, oldest first, from its `state_history`. A record without history (one made
 * before the platform kept it) still shows where it stands now. The payment is a step too: a fee paid while the
 * request was still under review has no state of its own (it moves on to `paid` when approved), so it shows by
 * `paid_at`; a refunded request says so where it was withdrawn or rejected.
 */
export function timelineSteps(request: TimelineFacts): TimelineStep[] {
  const history =
    request.state_history.length > 0
      ? request.state_history
      : [{ from: null, to: request.requestState, at: request.__updatedAt, reason: request.reason ?? null }];
  const refunded = request.payment_status === 'refunded';
  const lastEnd = history.findLastIndex((entry) => entry.to === 'cancelled' || entry.to === 'rejected');
  const steps: Omit<TimelineStep, 'current'>[] = history.map((entry, index) => ({
    state: entry.to,
    title:
      refunded && index === lastEnd
        ? `${stepTitle(entry.from, entry.to)}, взнос возвращён`
        : stepTitle(entry.from, entry.to),
    at: entry.at,
    reason: entry.reason?.trim() || null,
  }));
  const paidAt = request.paid_at;
  if (paidAt && request.payment_status !== 'unpaid' && !history.some((entry) => entry.to === 'paid')) {
    const after = steps.findIndex((step) => Date.parse(step.at) > Date.parse(paidAt));
    const payment = { state: 'paid' as const, title: 'Взнос оплачен', at: paidAt, reason: null };
    steps.splice(after === -1 ? steps.length : after, 0, payment);
  }
  return steps.map((step, index) => ({ ...step, current: index === steps.length - 1 }));
}

/** Why the request was returned, while it stands returned: the athlete has to act on it. */
export function returnReason(request: TimelineFacts): string | null {
  if (request.requestState !== 'returned') return null;
  const fromRecord = request.reason?.trim();
  if (fromRecord) return fromRecord;
  const lastReturn = request.state_history.findLast((entry) => entry.to === 'returned');
  return lastReturn?.reason?.trim() || null;
}
