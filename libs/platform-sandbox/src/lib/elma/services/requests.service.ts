import { Inject, Injectable } from '@nestjs/common';
import {
  canTransitionRequest,
  platformApps,
  requestStateNames,
  requestStatesNeedingReason,
  requestTransitions,
  type CancelSalesInput,
  type CancelSalesOutput,
  type ChangeCompetitionRequestStateInput,
  type CreateApplicationInput,
  type ElmaMoney,
  type GetMyRequestListOutput,
  type GetMySalesOutput,
  type PaymentStatus,
  type RequestRecord,
  type RequestState,
  type RequestView,
  type SaleRecord,
  type SaleStatus,
  getMyRequestListInputSchema,
  getMySalesInputSchema,
} from '@fed/contracts';
import type { z } from 'zod';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { normalizeSearch } from '../core/text';
import { AgeClassesService } from './age-classes.service';
import { kindOf } from './views';

const ACTIVE_STATES_SQL = "('new', 'under_review', 'returned', 'approved', 'paid')";

function firstId(value: unknown): string | undefined {
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
}

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
    private readonly ageClasses: AgeClassesService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  private now(): string {
    return this.options.now().toISOString();
  }

  /** Athletes counted against an event's places: requests not rejected or cancelled. */
  placesTaken(competitionId: string): number {
    return this.items.scalar(
      `SELECT count(*) FROM items WHERE app = ? AND json_extract(data, '$.competition[0]') = ? AND deleted_at IS NULL
         AND json_extract(data, '$.nomenclature_type') = 'competition' AND json_extract(data, '$.requestState') IN ${ACTIVE_STATES_SQL}`,
      [platformApps.requests, competitionId],
    );
  }

  /** Places taken for many events in one indexed query. */
  placesTakenMany(competitionIds: readonly string[]): Map<string, number> {
    const taken = new Map<string, number>(competitionIds.map((id) => [id, 0]));
    if (competitionIds.length === 0) return taken;
    const rows = this.items.rows<{ competition: string; taken: number }>(
      `SELECT json_extract(data, '$.competition[0]') AS competition, count(*) AS taken FROM items
         WHERE app = ? AND json_extract(data, '$.competition[0]') IN (${competitionIds.map(() => '?').join(', ')})
           AND deleted_at IS NULL AND json_extract(data, '$.nomenclature_type') = 'competition'
           AND json_extract(data, '$.requestState') IN ${ACTIVE_STATES_SQL}
         GROUP BY json_extract(data, '$.competition[0]')`,
      [platformApps.requests, ...competitionIds],
    );
    for (const row of rows) taken.set(row.competition, row.taken);
    return taken;
  }

  view(request: StoredItem): RequestView {
    const record = request as unknown as RequestRecord;
    const competitionId = firstId(record.competition);
    const competition = competitionId ? this.items.get(platformApps.competitions, competitionId) : undefined;
    const sportsmanId = firstId(record.sportsman);
    const sportsman = sportsmanId ? this.items.get(platformApps.sportsman, sportsmanId, true) : undefined;
    return {
      ...record,
      competitionName:
        competition?.__name ??
        (record.nomenclature_type === 'membership' ? 'Членство в федерации' : 'Мероприятие удалено'),
      competitionDate: (competition?.['date_start'] as string | undefined) ?? null,
      sportsmanName: sportsman?.__name ?? '',
      allowedStates: [...requestTransitions[record.requestState]],
    };
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

  changeState(input: ChangeCompetitionRequestStateInput): RequestView {
    return this.items.transaction(() => {
      const current = this.items.require(
        platformApps.requests,
        input.requestId,
        'Заявка',
      ) as unknown as RequestRecord;
      this.assertTransition(current.requestState, input.requestState, input.reason);
      const updated = this.items.update(platformApps.requests, current.__id, {
        fields: this.transitionFields(current, input.requestState, input.reason),
      });
      if (current.nomenclature_type === 'membership' && input.requestState === 'paid') {
        const sportsmanId = firstId(current.sportsman);
        if (sportsmanId) this.extendMembership(sportsmanId, current.fee);
      }
      return this.view(updated);
    });
  }

  /** A paid membership adds one year to the athlete's term, counted from today or from the current term. */
  extendMembership(sportsmanId: string, fee: ElmaMoney): string {
    const sportsman = this.items.require(platformApps.sportsman, sportsmanId, 'Спортсмен');
    const now = this.options.now();
    const currentTerm = sportsman['term_membership'] ? new Date(sportsman['term_membership'] as string) : now;
    const from = currentTerm > now ? currentTerm : now;
    const until = new Date(Date.UTC(from.getUTCFullYear() + 1, from.getUTCMonth(), from.getUTCDate()));
    const validUntil = until.toISOString();
    this.items.insert(platformApps.memberships, {
      name: `Членство ${sportsman.__name} до ${validUntil.slice(0, 10)}`,
      fields: {
        sportsman: [sportsmanId],
        season: until.getUTCFullYear(),
        valid_until: validUntil,
        fee,
        paid: true,
      },
    });
    this.items.update(platformApps.sportsman, sportsmanId, { fields: { term_membership: validUntil } });
    return validUntil;
  }

  createApplication(input: CreateApplicationInput): RequestView {
    return this.items.transaction(() => {
      const sportsman = this.items.require(platformApps.sportsman, input.sportsmanId, 'Спортсмен');
      if (kindOf(sportsman) === 'organization')
        throw ElmaError.badRequest('Заявку подаёт спортсмен, а не организация');
      const competition = this.items.require(platformApps.competitions, input.competitionId, 'Мероприятие');
      const now = this.now();
      if ((competition['registration_deadline'] as string) < now) {
        throw ElmaError.badRequest('Приём заявок на это мероприятие закрыт');
      }
      const term = sportsman['term_membership'] as string | undefined;
      if (!term || term < (competition['date_start'] as string)) {
        throw ElmaError.badRequest(
          'Членство в федерации не действует на дату мероприятия: продлите членство',
        );
      }
      const duplicate = this.items.scalar(
        `SELECT count(*) FROM items WHERE app = ? AND json_extract(data, '$.sportsman[0]') = ? AND deleted_at IS NULL
           AND json_extract(data, '$.competition[0]') = ? AND json_extract(data, '$.requestState') IN ${ACTIVE_STATES_SQL}`,
        [platformApps.requests, sportsman.__id, competition.__id],
      );
      if (duplicate > 0)
        throw ElmaError.badRequest('У спортсмена уже есть действующая заявка на это мероприятие');
      const limit = competition['places_limit'] as number;
      if (limit > 0 && this.placesTaken(competition.__id) >= limit) {
        throw ElmaError.badRequest('Свободных мест на мероприятии нет');
      }
      const programs = this.items.getMany(platformApps.programs, input.programIds);
      if (programs.length !== new Set(input.programIds).size)
        throw ElmaError.badRequest('Программа не найдена');
      const gender = (sportsman['pol'] as Array<{ code: string }> | undefined)?.[0]?.code;
      const ageClassIds = new Set(
        this.ageClasses
          .forBirthDate(sportsman['date_of_birth'] as string | undefined)
          .map((ageClass) => ageClass.__id),
      );
      let cents = 0;
      for (const program of programs) {
        if (firstId(program['competition']) !== competition.__id) {
          throw ElmaError.badRequest(`Программа «${program.__name}» не относится к этому мероприятию`);
        }
        const type = program['program_type'] as { gender: boolean };
        const programGender = (program['pol'] as Array<{ code: string }> | undefined)?.[0]?.code;
        if (type.gender && programGender && programGender !== gender) {
          throw ElmaError.badRequest(`Программа «${program.__name}» проводится для другого пола`);
        }
        const programClasses = (program['age_class'] as string[] | undefined) ?? [];
        if (programClasses.length > 0 && !programClasses.some((id) => ageClassIds.has(id))) {
          throw ElmaError.badRequest(
            `Возрастной класс спортсмена не подходит для программы «${program.__name}»`,
          );
        }
        cents += (program['fee'] as ElmaMoney).cents;
      }
      const created = this.items.insert(platformApps.requests, {
        name: `Заявка: ${sportsman.__name} — ${competition.__name}`,
        fields: {
          sportsman: [sportsman.__id],
          competition: [competition.__id],
          programs: input.programIds,
          requestState: 'new',
          nomenclature_type: 'competition',
          payment_status: 'unpaid',
          fee: { cents, currency: 'RUB' },
          state_history: [{ from: null, to: 'new', at: now, reason: null }],
        },
      });
      return this.view(created);
    });
  }

  getMyRequestList(input: z.output<typeof getMyRequestListInputSchema>): GetMyRequestListOutput {
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

  getMySales(input: z.output<typeof getMySalesInputSchema>): GetMySalesOutput {
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
  cancelSale(input: CancelSalesInput): CancelSalesOutput {
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
      return { success: true, data: { ...updated, refund: sale.status === 'paid' ? sale.price : null } };
    });
  }
}
