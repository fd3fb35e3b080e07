import { Inject, Injectable } from '@nestjs/common';
import {
  canTransitionRequest,
  platformApps,
  requestStateNames,
  requestStatesNeedingReason,
  requestTransitions,
  type PaymentStatus,
  type RequestRecord,
  type RequestState,
  type RequestView,
  type SaleRecord,
  type SaleStatus,
  type PlatformScriptArgs,
  type PlatformScriptOutput,
} from '@fed/contracts';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { normalizeSearch } from '../core/text';
import { MembershipsService } from './memberships.service';
import { paymentBlock } from './payment-rules';
import { ACTIVE_STATES_SQL, firstId } from './request-facts';

export { ACTIVE_STATES_SQL, firstId };

function paymentStatusFor(from: RequestState, to: RequestState, current: PaymentStatus): PaymentStatus {
  if (to === 'paid') return 'paid';
  if (to === 'cancelled' && from === 'paid') return 'refunded';
  return current;
}

/** Requests (applications), their state machine, photo/video sales and memberships bought by request. */
@Injectable()
export class RequestsService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly memberships: MembershipsService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  private now(): string {
    return this.options.now().toISOString();
  }

  /** Athletes counted against an event's places: requests not rejected or cancelled. */
  placesTaken(competitionId: string): number {
    return this.placesTakenMany([competitionId]).get(competitionId) ?? 0;
  }

  /**
   * Places taken for many events in one query: each event's live entries counted from the index of requests by
   * event and state (migration 7) alone, never a request's JSON (a grouped count would read every row to name
   * its group).
   */
  placesTakenMany(competitionIds: readonly string[]): Map<string, number> {
    const taken = new Map<string, number>(competitionIds.map((id) => [id, 0]));
    if (competitionIds.length === 0) return taken;
    const rows = this.items.rows<{ competition: string; taken: number }>(
      `WITH wanted(id) AS (VALUES ${competitionIds.map(() => '(?)').join(', ')})
       SELECT wanted.id AS competition, (
         SELECT count(*) FROM items INDEXED BY items_live_request_places
           WHERE app = ? AND json_extract(data, '$.competition[0]') = wanted.id AND deleted_at IS NULL
             AND json_extract(data, '$.nomenclature_type') = 'competition'
             AND json_extract(data, '$.requestState') IN ${ACTIVE_STATES_SQL}
       ) AS taken FROM wanted`,
      [...competitionIds, platformApps.requests],
    );
    for (const row of rows) taken.set(row.competition, row.taken);
    return taken;
  }

  /**
   * The athlete's live competition request to an event (the newest, should there be more), or null: from the
   * index of requests by athlete and event, newest first (migration 7). Without naming it the planner took the
   * index by creation time, for the order, and read every request there is.
   */
  activeRequestId(sportsmanId: string, competitionId: string): string | null {
    const row = this.items.rows<{ id: string }>(
      `SELECT id FROM items INDEXED BY items_live_athlete_event
         WHERE app = ? AND json_extract(data, '$.sportsman[0]') = ? AND deleted_at IS NULL
         AND json_extract(data, '$.competition[0]') = ? AND json_extract(data, '$.nomenclature_type') = 'competition'
         AND json_extract(data, '$.requestState') IN ${ACTIVE_STATES_SQL}
       ORDER BY created_at DESC, seq DESC LIMIT 1`,
      [platformApps.requests, sportsmanId, competitionId],
    )[0];
    return row?.id ?? null;
  }

  view(request: StoredItem): RequestView {
    const record = request as unknown as RequestRecord;
    const competitionId = firstId(record.competition);
    const competition = competitionId ? this.items.get(platformApps.competitions, competitionId) : undefined;
    const sportsmanId = firstId(record.sportsman);
    const sportsman = sportsmanId ? this.items.get(platformApps.sportsman, sportsmanId, true) : undefined;
    const programIds = record.programs ?? [];
    const programNames = new Map(
      this.items.getMany(platformApps.programs, programIds).map((program) => [program.__id, program.__name]),
    );
    return {
      ...record,
      reason: record.reason ?? null,
      coach: record.coach ?? null,
      competitionName:
        competition?.__name ??
        (record.nomenclature_type === 'membership' ? 'Членство в федерации' : 'Мероприятие удалено'),
      competitionDate: (competition?.['date_start'] as string | undefined) ?? null,
      competitionDateEnd: (competition?.['date_end'] as string | undefined) ?? null,
      registrationDeadline: (competition?.['registration_deadline'] as string | undefined) ?? null,
      sportsmanName: sportsman?.__name ?? '',
      programNames: programIds.map((id) => programNames.get(id) ?? 'Программа удалена'),
      allowedStates: [...requestTransitions[record.requestState]],
      payable: this.payable(record, competition, sportsman),
      ...(record.nomenclature_type === 'photo_video' ? { photoVideo: this.saleSummary(record.__id) } : {}),
    };
  }

  /** The sale a photo/video request pays for. */
  saleOfRequest(requestId: string): (SaleRecord & StoredItem) | undefined {
    return this.items.query<SaleRecord & StoredItem>(
      `SELECT ${ItemsRepository.columns} FROM items WHERE app = ? AND deleted_at IS NULL
         AND json_extract(data, '$.request[0]') = ? ORDER BY items.seq DESC LIMIT 1`,
      [platformApps.sales, requestId],
    )[0];
  }

  private saleSummary(requestId: string): RequestView['photoVideo'] {
    const sale = this.saleOfRequest(requestId);
    if (!sale) return null;
    return {
      saleId: sale.__id,
      package: sale.package[0] ?? { code: 'photo_video', name: 'Фото и видео' },
      status: sale.status,
    };
  }

  /** A photo/video request paid or refunded: its sale follows (`paid`, or `cancelled`). */
  syncSale(requestId: string, status: 'paid' | 'cancelled'): void {
    const sale = this.saleOfRequest(requestId);
    if (!sale || sale.status === status || sale.status === 'delivered') return;
    if (status === 'paid' && sale.status !== 'ordered') return;
    this.items.update(platformApps.sales, sale.__id, {
      fields: { status, ...(status === 'cancelled' ? { cancelled_at: this.now() } : {}) },
    });
  }

  /** The payment rule on this request alone (with the membership request it was made with, if unpaid). */
  private payable(record: RequestRecord, competition?: StoredItem, sportsman?: StoredItem): boolean {
    const term = (sportsman?.['term_membership'] as string | undefined) ?? null;
    const linkedId = firstId(record.membership_request);
    const linked = linkedId ? this.items.get(platformApps.requests, linkedId) : undefined;
    const bought =
      linked && linked['payment_status'] === 'unpaid'
        ? this.memberships.termIfPaid(linked as unknown as RequestRecord).toISOString()
        : null;
    const membershipUntil = bought !== null && (term === null || bought > term) ? bought : term;
    const event =
      competition && record.nomenclature_type !== 'membership'
        ? {
            dateStart: competition['date_start'] as string,
            registrationDeadline: competition['registration_deadline'] as string,
          }
        : null;
    return (
      paymentBlock({ request: record, competition: event, membershipUntil }, this.options.now()) === null
    );
  }

  getApplicationById(id: string): RequestView {
    return this.view(this.items.require(platformApps.requests, id, 'Заявка'));
  }

  /** Checks a state change; throws 400 with the reason it is refused. */
  assertTransition(from: RequestState, to: RequestState, reason: string | null | undefined): void {
    if (from === to) throw ElmaError.badRequest(`Заявка уже в состоянии «${requestStateNames[to]}» (${to})`);
    if (!canTransitionRequest(from, to)) {
      const allowed = requestTransitions[from];
      throw ElmaError.badRequest(
        `Недопустимый переход заявки: ${from} → ${to}. Из состояния «${requestStateNames[from]}» можно перейти в: ${
          allowed.length > 0 ? allowed.join(', ') : 'никуда (конечное состояние)'
        }`,
      );
    }
    if (requestStatesNeedingReason.includes(to) && !reason?.trim()) {
      throw ElmaError.badRequest(`Для перехода в состояние ${to} укажите причину (reason)`);
    }
  }

  /** Fields a state change writes: state, payment status, reason and one more history entry. */
  transitionFields(
    current: RequestRecord,
    to: RequestState,
    reason: string | null | undefined,
  ): Record<string, unknown> {
    return {
      requestState: to,
      payment_status: paymentStatusFor(current.requestState, to, current.payment_status),
      reason: requestStatesNeedingReason.includes(to) ? (reason ?? '').trim() : null,
      state_history: [
        ...(current.state_history ?? []),
        { from: current.requestState, to, at: this.now(), reason: reason?.trim() || null },
      ],
    };
  }

  /**
   * A state change (the script the proxy relays, or the platform's own staff). Approving a request paid while
   * under review moves it on to `paid` (`paid` means approved and paid). Marking a membership `paid` (cash at
   * the federation's office) moves the term like a payment does. Cancelling a paid request here marks it
   * refunded, as the platform does; browsers cannot (the api's proxy sends them to the orders API's refund).
   */
  changeState(input: PlatformScriptArgs<'changeCompetitionRequestState'>): RequestView {
    return this.items.transaction(() => {
      const current = this.items.require(
        platformApps.requests,
        input.requestId,
        'Заявка',
      ) as unknown as RequestRecord;
      this.assertTransition(current.requestState, input.requestState, input.reason);
      let updated = this.items.update(platformApps.requests, current.__id, {
        fields: this.transitionFields(current, input.requestState, input.reason),
      });
      if (input.requestState === 'approved' && current.payment_status === 'paid') {
        updated = this.items.update(platformApps.requests, current.__id, {
          fields: this.transitionFields(updated as unknown as RequestRecord, 'paid', null),
        });
      }
      if (current.nomenclature_type === 'membership' && input.requestState === 'paid') {
        this.memberships.extend(current, current.fee);
      }
      return this.view(updated);
    });
  }

  /**
   * A payment the api confirmed (`markRequestsPaid`): `payment_status` paid with the order and payment, an
   * approved request moves to `paid` (one still under review keeps its state until approved), a
   * membership's term moves. The caller checked the request is live and unpaid.
   */
  pay(current: RequestRecord, ref: { orderId: string; paymentId: string }): RequestView {
    const fields: Record<string, unknown> = {
      payment_status: 'paid',
      paid_at: this.now(),
      payment_order: ref.orderId,
      payment_id: ref.paymentId,
    };
    if (current.requestState === 'approved')
      Object.assign(fields, this.transitionFields(current, 'paid', null));
    const updated = this.items.update(platformApps.requests, current.__id, { fields });
    if (current.nomenclature_type === 'membership') this.memberships.extend(current, current.fee);
    if (current.nomenclature_type === 'photo_video') this.syncSale(current.__id, 'paid');
    return this.view(updated);
  }

  getMyRequestList(input: PlatformScriptArgs<'getMyRequestList'>): PlatformScriptOutput<'getMyRequestList'> {
    const conditions = [
      'items.app = ?',
      'items.deleted_at IS NULL',
      "json_extract(items.data, '$.sportsman[0]') = ?",
    ];
    const params: unknown[] = [platformApps.requests, input.sportsmanID];
    if (input.nomenclature_type) {
      conditions.push("json_extract(items.data, '$.nomenclature_type') = ?");
      params.push(input.nomenclature_type);
    }
    if (input.payment_status) {
      conditions.push("json_extract(items.data, '$.payment_status') = ?");
      params.push(input.payment_status);
    }
    if (input.query.trim()) {
      conditions.push('(instr(c.search, ?) > 0 OR instr(items.search, ?) > 0)');
      const needle = normalizeSearch(input.query);
      params.push(needle, needle);
    }
    const from = `FROM items LEFT JOIN items c ON c.app = '${platformApps.competitions}'
      AND c.id = json_extract(items.data, '$.competition[0]') WHERE ${conditions.join(' AND ')}`;
    const total = this.items.scalar(`SELECT count(*) ${from}`, params);
    const rows = this.items.query<StoredItem>(
      `SELECT ${ItemsRepository.columns} ${from} ORDER BY items.created_at DESC, items.seq DESC LIMIT ? OFFSET ?`,
      [...params, input.size, input.from],
    );
    return { success: true, result: rows.map((row) => this.view(row)), total };
  }

  getMySales(input: PlatformScriptArgs<'getMySales'>): PlatformScriptOutput<'getMySales'> {
    const listed = this.items.list(platformApps.sales, {
      filter: { tf: { sportsman: input.sportsmanID } },
      sortExpressions: [{ field: '__createdAt', ascending: false }],
      from: input.from,
      size: input.size,
    });
    return {
      success: true,
      total: listed.total,
      result: listed.result.map((sale) => {
        const competitionId = firstId(sale['competition']);
        const competition = competitionId
          ? this.items.get(platformApps.competitions, competitionId)
          : undefined;
        return { ...(sale as unknown as SaleRecord), competitionName: competition?.__name ?? '' };
      }),
    };
  }

  /** Cancels a photo/video sale while it is ordered or paid; a paid one is refunded in full. */
  cancelSale(input: PlatformScriptArgs<'cancelSales'>): PlatformScriptOutput<'cancelSales'> {
    return this.items.transaction(() => {
      const sale = this.items.require(platformApps.sales, input.saleId, 'Продажа') as unknown as SaleRecord;
      const cancellable: SaleStatus[] = ['ordered', 'paid'];
      if (!cancellable.includes(sale.status)) {
        throw ElmaError.badRequest(
          sale.status === 'cancelled'
            ? 'Продажа уже отменена'
            : 'Материалы уже переданы: продажу нельзя отменить',
        );
      }
      const updated = this.items.update(platformApps.sales, sale.__id, {
        fields: { status: 'cancelled', cancelled_at: this.now() },
      }) as unknown as SaleRecord;
      // Its request goes with it: an unpaid one is withdrawn, a paid one cancelled (marked refunded).
      const requestId = firstId(sale.request);
      const request = requestId
        ? (this.items.get(platformApps.requests, requestId) as (RequestRecord & StoredItem) | undefined)
        : undefined;
      if (request && canTransitionRequest(request.requestState, 'cancelled')) {
        this.items.update(platformApps.requests, request.__id, {
          fields: this.transitionFields(request, 'cancelled', null),
        });
      }
      return { success: true, data: { ...updated, refund: sale.status === 'paid' ? sale.price : null } };
    });
  }
}
