import {
  ATHLETE_REQUEST_STATES,
  ORGANIZER_REQUEST_STATES,
  type NomenclatureType,
  type RequestState,
  type RequestView,
} from '@fed/contracts';

/** What the rules below read of a request. */
export type RequestFacts = Pick<
  RequestView,
  | '__id'
  | 'requestState'
  | 'allowedStates'
  | 'registrationDeadline'
  | 'nomenclature_type'
  | 'payment_status'
  | 'payable'
>;

/**
 * True until the registration deadline has passed. A request without one (a membership) has no deadline
 * to pass; an unreadable one counts as passed, so that nothing is offered the platform may refuse.
 */
export function registrationOpen(deadline: string | null, now: Date): boolean {
  if (deadline === null) return true;
  const closesAt = Date.parse(deadline);
  return !Number.isNaN(closesAt) && now.getTime() <= closesAt;
}

/** States in which the athlete may still change the programs and coach (`updateApplication`). */
const EDITABLE_STATES: readonly RequestState[] = ['new', 'returned'];

/** The portal's edit page of each kind of request (spec §2); a membership has none. */
const editRoutes: Partial<Record<NomenclatureType, (id: string) => string>> = {
  competition: (id) => `/apply/edit/${id}`,
  photo_video: (id) => `/apply/photo-video/edit/${id}`,
};

export interface AthleteActions {
  /** The edit page, while the athlete may still edit; else null. */
  editPath: string | null;
  /** Send a returned request back to review. */
  resubmit: boolean;
  /** Withdraw the request. */
  cancel: boolean;
  /** Withdrawing refunds the fee paid (through the orders API, not a state change). */
  refundOnCancel: boolean;
  /** Pay it: the platform says it is payable and registration is still open. */
  pay: boolean;
}

/** A state the platform allows next and the proxy lets an athlete set. */
function athleteMay(request: RequestFacts, state: RequestState): boolean {
  return request.allowedStates.includes(state) && ATHLETE_REQUEST_STATES.includes(state);
}

/**
 * What the athlete may do with an own request at `now`. Editing, withdrawing and paying end with registration
 * (the contract's `registrationDeadline`); resubmitting does not, because the organizer may return a
 * request for correction after registration has closed and waits for it. Whether a request may be paid is the
 * platform's word (`payable`: unpaid, live, its membership in order); the deadline is checked here too, against
 * the time the list was opened.
 */
export function athleteActions(request: RequestFacts, now: Date): AthleteActions {
  const open = registrationOpen(request.registrationDeadline, now);
  const editRoute = editRoutes[request.nomenclature_type];
  const paid = request.payment_status === 'paid';
  return {
    editPath:
      open && editRoute && EDITABLE_STATES.includes(request.requestState) ? editRoute(request.__id) : null,
    resubmit: request.requestState === 'returned' && athleteMay(request, 'under_review'),
    // A paid membership is not refunded, so it is not withdrawn either.
    cancel: open && athleteMay(request, 'cancelled') && !(paid && request.nomenclature_type === 'membership'),
    refundOnCancel: paid,
    pay: open && request.payable === true && request.payment_status === 'unpaid',
  };
}

/** The decisions an organizer takes on a request, in the order the buttons stand. */
export const organizerDecisions = ['under_review', 'approved', 'returned', 'rejected'] as const;
export type OrganizerDecision = (typeof organizerDecisions)[number];

/** The decisions the platform allows next for this request and the proxy lets an organizer take. */
export function organizerActions(request: Pick<RequestFacts, 'allowedStates'>): OrganizerDecision[] {
  return organizerDecisions.filter(
    (state) => request.allowedStates.includes(state) && ORGANIZER_REQUEST_STATES.includes(state),
  );
}
