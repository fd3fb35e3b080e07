import type { RequestRecord } from '@fed/contracts';
import { formatFederationDate } from './eligibility';
import { LIVE_REQUEST_STATES } from './request-facts';

/**
 * Whether a request may be paid now, as one pure function of plain facts: `requestView.payable` and
 * `getPaymentTerms` both answer it, so the portal's «Оплатить» and the api's order agree.
 *
 * - an entry fee is paid once applied: a live application (not rejected, cancelled or paid) while its
 *   registration is open, and only when the athlete's membership lasts until the event starts — or the
 *   membership request bought beside it will make it last;
 * - a membership request is paid once the federation accepted it (`approved`);
 * - photos and videos while the request is live.
 */
export interface PaymentFacts {
  request: Pick<RequestRecord, 'requestState' | 'payment_status' | 'nomenclature_type' | 'fee'>;
  /** The event of an application or a photo/video request. */
  competition: { dateStart: string; registrationDeadline: string } | null;
  /** The athlete's `term_membership`, or the term a membership request paid together with it gives. */
  membershipUntil: string | null;
}

/** Why the request cannot be paid now, in Russian, or `null` when it can. */
export function paymentBlock(facts: PaymentFacts, now: Date): string | null {
  const { request, competition } = facts;
  if (request.payment_status === 'paid') return 'Уже оплачено';
  if (request.payment_status === 'refunded') return 'Взнос уже возвращён';
  if (!LIVE_REQUEST_STATES.includes(request.requestState) || request.requestState === 'paid') {
    return request.requestState === 'rejected'
      ? 'Заявка отклонена: оплачивать нечего'
      : 'Заявка отменена: оплачивать нечего';
  }
  if (request.fee.cents <= 0) return 'Оплачивать нечего: взнос не назначен';
  switch (request.nomenclature_type) {
    case 'membership':
      return request.requestState === 'approved' ? null : 'Заявка на членство ещё не принята федерацией';
    case 'photo_video':
      return null;
    case 'competition': {
      if (!competition) return 'Мероприятие не найдено';
      if (now.getTime() > new Date(competition.registrationDeadline).getTime()) {
        return `Приём заявок закрыт ${formatFederationDate(competition.registrationDeadline)}: оплатить взнос уже нельзя`;
      }
      if (
        !facts.membershipUntil ||
        new Date(facts.membershipUntil).getTime() < new Date(competition.dateStart).getTime()
      ) {
        return 'Членство закончится раньше начала мероприятия: оплатите членство вместе со взносом';
      }
      return null;
    }
  }
}
