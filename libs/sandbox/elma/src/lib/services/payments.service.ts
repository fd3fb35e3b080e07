import { Inject, Injectable } from '@nestjs/common';
import {
  platformApps,
  type PaymentTerm,
  type PlatformScriptArgs,
  type PlatformScriptOutput,
  type RequestRecord,
  type RequestView,
} from '@fed/contracts';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { formatFederationDate } from './eligibility';
import { MembershipsService } from './memberships.service';
import { paymentBlock } from './payment-rules';
import { firstId, LIVE_REQUEST_STATES } from './request-facts';
import { RequestsService } from './requests.service';

const TITLE_MAX = 128;

function clip(text: string, max = TITLE_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * What payments change on the platform, called by the api alone (server-only scripts) after it read the
 * payment from the provider: what each request costs and whether it may be paid, "these were paid", and
 * "this one was refunded". Every write is idempotent for the same order or refund.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly requests: RequestsService,
    private readonly memberships: MembershipsService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  private record(id: string): (RequestRecord & StoredItem) | undefined {
    return this.items.get(platformApps.requests, id) as (RequestRecord & StoredItem) | undefined;
  }

  /**
   * Each request's amount and whether it may be paid, judged together: an application made with a membership
   * request (`membership_request`) brings that request into the answer, and the term it gives counts for the
   * applications of the same athlete.
   */
  paymentTerms(input: PlatformScriptArgs<'getPaymentTerms'>): PlatformScriptOutput<'getPaymentTerms'> {
    const records: Array<RequestRecord & StoredItem> = [];
    const seen = new Set<string>();
    const add = (id: string | undefined) => {
      if (!id || seen.has(id)) return;
      const record = this.record(id);
      if (!record) return;
      seen.add(id);
      records.push(record);
    };
    for (const id of input.requestIds) add(id);
    for (const record of [...records]) {
      const membership = firstId(record.membership_request);
      const linked = membership ? this.record(membership) : undefined;
      if (linked && linked.payment_status === 'unpaid' && LIVE_REQUEST_STATES.includes(linked.requestState)) {
        add(membership);
      }
    }
    const now = this.options.now();
    // Terms that the membership requests being paid here give, by athlete.
    const boughtTerms = new Map<string, string>();
    for (const record of records) {
      const sportsmanId = firstId(record.sportsman);
      if (record.nomenclature_type !== 'membership' || !sportsmanId) continue;
      if (paymentBlock({ request: record, competition: null, membershipUntil: null }, now) !== null) continue;
      boughtTerms.set(sportsmanId, this.memberships.termIfPaid(record).toISOString());
    }
    const result = records.map((record) => this.term(record, boughtTerms, now));
    return { success: true, result, total: result.length };
  }

  private term(record: RequestRecord & StoredItem, boughtTerms: Map<string, string>, now: Date): PaymentTerm {
    const view = this.requests.view(record);
    const sportsmanId = firstId(record.sportsman) ?? '';
    const sportsman = this.items.get(platformApps.sportsman, sportsmanId, true);
    const term = (sportsman?.['term_membership'] as string | undefined) ?? null;
    const bought = boughtTerms.get(sportsmanId) ?? null;
    const membershipUntil = bought !== null && (term === null || bought > term) ? bought : term;
    const competition =
      view.competitionDate && view.registrationDeadline
        ? { dateStart: view.competitionDate, registrationDeadline: view.registrationDeadline }
        : null;
    const reason = paymentBlock({ request: record, competition, membershipUntil }, now);
    const season = record.nomenclature_type === 'membership' ? this.memberships.seasonIfPaid(record) : null;
    const title =
      record.nomenclature_type === 'membership'
        ? MembershipsService.title(season ?? 0)
        : record.nomenclature_type === 'photo_video'
          ? clip(`Фото и видео: ${view.competitionName}`)
          : clip(`Стартовый взнос: ${view.competitionName}`);
    const details =
      record.nomenclature_type === 'membership'
        ? `${view.sportsmanName}: членство до ${formatFederationDate(this.memberships.termIfPaid(record))}`
        : `${view.sportsmanName}${view.programNames.length > 0 ? `: ${view.programNames.join('; ')}` : ''}`;
    return {
      requestId: record.__id,
      sportsmanId,
      sportsmanName: view.sportsmanName,
      kind: record.nomenclature_type,
      requestState: record.requestState,
      paymentStatus: record.payment_status,
      payable: reason === null,
      reason,
      amount: record.fee,
      title,
      details,
      competitionId: firstId(record.competition) ?? null,
      season,
      registrationDeadline: view.registrationDeadline,
    };
  }

  /**
   * The provider confirmed the payment of these requests. Memberships first (the term moves), then the rest.
   * The payment is a fact: a deadline passed while the payer was on the card page refuses nothing; only a
   * request withdrawn or rejected meanwhile, or paid by another order, is refused (the api refunds its line).
   */
  markPaid(input: PlatformScriptArgs<'markRequestsPaid'>): PlatformScriptOutput<'markRequestsPaid'> {
    return this.items.transaction(() => {
      const records = input.requestIds.map((id) => this.record(id));
      const order = (record: RequestRecord | undefined) =>
        record?.nomenclature_type === 'membership' ? 0 : 1;
      const sorted = input.requestIds
        .map((id, index) => ({ id, record: records[index] }))
        .sort((a, b) => order(a.record) - order(b.record));
      const outcomes = new Map<string, PlatformScriptOutput<'markRequestsPaid'>['result'][number]>();
      for (const { id, record } of sorted) {
        if (!record) {
          outcomes.set(id, { requestId: id, outcome: 'refused', reason: 'Заявка не найдена', request: null });
          continue;
        }
        if (record.payment_status === 'paid' && record.payment_order === input.orderId) {
          outcomes.set(id, {
            requestId: id,
            outcome: 'already_paid',
            reason: null,
            request: this.requests.view(record),
          });
          continue;
        }
        const refusal =
          record.payment_status === 'paid'
            ? 'Уже оплачено другим заказом'
            : record.payment_status === 'refunded' || !LIVE_REQUEST_STATES.includes(record.requestState)
              ? 'Заявка отменена или отклонена до оплаты'
              : null;
        if (refusal) {
          outcomes.set(id, {
            requestId: id,
            outcome: 'refused',
            reason: refusal,
            request: this.requests.view(record),
          });
          continue;
        }
        outcomes.set(id, {
          requestId: id,
          outcome: 'paid',
          reason: null,
          request: this.requests.pay(record, { orderId: input.orderId, paymentId: input.paymentId }),
        });
      }
      const result = input.requestIds.flatMap((id) => {
        const outcome = outcomes.get(id);
        return outcome ? [outcome] : [];
      });
      return { success: true as const, result };
    });
  }

  /** A paid request withdrawn or rejected after the api refunded it; the same refund again changes nothing. */
  refund(input: PlatformScriptArgs<'refundRequest'>): RequestView {
    return this.items.transaction(() => {
      const record = this.items.require(
        platformApps.requests,
        input.requestId,
        'Заявка',
      ) as unknown as RequestRecord & StoredItem;
      if (record.payment_status === 'refunded' && record.refund_id === input.refundId) {
        return this.requests.view(record);
      }
      if (record.payment_status !== 'paid')
        throw ElmaError.badRequest('Заявка не оплачена: возвращать нечего');
      if (record.nomenclature_type === 'membership') {
        throw ElmaError.badRequest('Членский взнос не возвращается');
      }
      this.requests.assertTransition(record.requestState, input.state, input.reason);
      const updated = this.items.update(platformApps.requests, record.__id, {
        fields: {
          ...this.requests.transitionFields(record, input.state, input.reason),
          payment_status: 'refunded',
          refund_id: input.refundId,
        },
      });
      if (record.nomenclature_type === 'photo_video') this.requests.syncSale(record.__id, 'cancelled');
      return this.requests.view(updated);
    });
  }
}
