// Values and names only: the zod schemas of these lists are in request-state-schemas.ts, so that a page showing
// a state's name does not load zod (ADR 0005).

/**
 * States of a competition request (application) and the transitions the platform allows.
 * The platform enforces the table; the portal reads it to offer only the actions that can succeed.
 *
 * new ──> under_review ──> approved ──> paid ──> cancelled (refund)
 *  │          │  │  └──> rejected          └──> cancelled
 *  │          │  └──> returned (for correction, with a reason) ──> under_review | cancelled
 *  └──> cancelled
 */
export const requestStates = [
  'new',
  'under_review',
  'returned',
  'approved',
  'rejected',
  'paid',
  'cancelled',
] as const;
export type RequestState = (typeof requestStates)[number];

export const requestStateNames: Record<RequestState, string> = {
  new: 'Новая',
  under_review: 'На рассмотрении',
  returned: 'Возвращена на доработку',
  approved: 'Одобрена',
  rejected: 'Отклонена',
  paid: 'Оплачена',
  cancelled: 'Отменена',
};

export const requestTransitions: Record<RequestState, readonly RequestState[]> = {
  new: ['under_review', 'cancelled'],
  under_review: ['returned', 'approved', 'rejected'],
  returned: ['under_review', 'cancelled'],
  approved: ['paid', 'cancelled'],
  rejected: [],
  paid: ['cancelled'],
  cancelled: [],
};

/** Transitions into these states need a `reason` the athlete will read. */
export const requestStatesNeedingReason: readonly RequestState[] = ['returned', 'rejected'];

/**
 * States each party may move a request to through the proxy (the api enforces them; the portal offers only
 * these). An athlete resubmits after a return or withdraws. `paid` is set by nobody through the proxy:
 * payment confirmation has to come from the payment side, not from a browser.
 */
export const ATHLETE_REQUEST_STATES: readonly RequestState[] = ['under_review', 'cancelled'];
export const ORGANIZER_REQUEST_STATES: readonly RequestState[] = [
  'under_review',
  'returned',
  'approved',
  'rejected',
  'cancelled',
];

export function canTransitionRequest(from: RequestState, to: RequestState): boolean {
  return requestTransitions[from].includes(to);
}

/** Kinds of requests `getMyRequestList` serves (`nomenclature_type`). */
export const nomenclatureTypes = ['competition', 'photo_video', 'membership'] as const;
export type NomenclatureType = (typeof nomenclatureTypes)[number];

/** Payment status derived from the request state: paid, unpaid, or refunded (cancelled after payment). */
export const paymentStatuses = ['paid', 'unpaid', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** States of a photo/video sale; `cancelSales` works from `ordered` and `paid` only. */
export const saleStatuses = ['ordered', 'paid', 'delivered', 'cancelled'] as const;
export type SaleStatus = (typeof saleStatuses)[number];

/**
 * What a photo/video sale of one performance buys: its photos, its video, or both. Prices are the event's
 * (`photo_video_prices`), or the platform's default price list.
 */
export const photoVideoPackages = ['photo', 'video', 'photo_video'] as const;
export type PhotoVideoPackage = (typeof photoVideoPackages)[number];

export const photoVideoPackageNames: Record<PhotoVideoPackage, string> = {
  photo: 'Фото',
  video: 'Видео',
  photo_video: 'Фото и видео',
};

export const saleStatusNames: Record<SaleStatus, string> = {
  ordered: 'Заказано',
  paid: 'Оплачено',
  delivered: 'Выдано',
  cancelled: 'Отменено',
};
