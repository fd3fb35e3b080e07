import { Inject, Injectable } from '@nestjs/common';
import {
  genderCodes,
  platformApps,
  requestStateNames,
  type ApplicationEligibility,
  type ContractorType,
  type ElmaMoney,
  type GenderCode,
  type RequestRecord,
  type RequestState,
  type RequestView,
  type PlatformScriptArgs,
  type PlatformScriptOutput,
} from '@fed/contracts';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { AgeClassesService } from './age-classes.service';
import { assessEligibility, eligibilityRefusal, type EligibilityFacts } from './eligibility';
import { CatalogService } from './catalog.service';
import { firstId, RequestsService } from './requests.service';
import { MembershipsService } from './memberships.service';
import { LIVE_REQUEST_STATES } from './request-facts';
import { kindOf } from './views';

/** States in which the athlete may still change the programs of a request. */
const EDITABLE_STATES: readonly RequestState[] = ['new', 'returned'];

function genderOf(value: unknown): GenderCode | null {
  const code = (value as Array<{ code?: unknown }> | undefined)?.[0]?.code;
  return genderCodes.find((gender) => gender === code) ?? null;
}

function contractorKindOf(item: StoredItem): ContractorType | null {
  const kind = kindOf(item);
  return kind === 'sportsman' || kind === 'organization' ? kind : null;
}

/**
 * Applying to competitions (the application module): the eligibility check of `@fed/contracts` on the
 * platform's data, applications created and changed under it, and an event's requests for its organizer.
 */
@Injectable()
export class ApplicationsService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly requests: RequestsService,
    private readonly catalog: CatalogService,
    private readonly ageClasses: AgeClassesService,
    private readonly memberships: MembershipsService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  private facts(
    sportsman: StoredItem,
    competition: StoredItem,
    editing: RequestRecord | null,
    boughtTerm: string | null,
  ): EligibilityFacts {
    const programs = this.catalog.programsOf(competition.__id);
    const term = (sportsman['term_membership'] as string | undefined) ?? null;
    return {
      athlete: {
        id: sportsman.__id,
        kind: contractorKindOf(sportsman),
        gender: genderOf(sportsman['pol']),
        birthDate: (sportsman['date_of_birth'] as string | undefined) ?? null,
        membershipUntil: boughtTerm !== null && (term === null || boughtTerm > term) ? boughtTerm : term,
        hasLegalRepresentative:
          ((sportsman['legal_representative'] as string[] | undefined) ?? []).length > 0,
        // The request being changed is the athlete's application to this event, whatever else the list holds.
        activeRequestId: editing?.__id ?? this.requests.activeRequestId(sportsman.__id, competition.__id),
      },
      competition: {
        id: competition.__id,
        dateStart: competition['date_start'] as string,
        registrationDeadline: competition['registration_deadline'] as string,
        cancelled: competition['cancelled'] === true,
        placesLimit: (competition['places_limit'] as number | undefined) ?? 0,
        placesTaken: this.requests.placesTaken(competition.__id),
        programs: programs.map((program) => ({
          id: program.__id,
          genderApplies: program.program_type.gender,
          gender: genderOf(program.pol),
          ageClassIds: program.age_class ?? [],
        })),
      },
      ageClasses: this.ageClasses.all(),
      editingRequestId: editing?.__id ?? null,
    };
  }

  private assess(
    sportsman: StoredItem,
    competition: StoredItem,
    editing: RequestRecord | null = null,
    boughtTerm: string | null = null,
  ): ApplicationEligibility {
    return assessEligibility(this.facts(sportsman, competition, editing, boughtTerm), this.options.now());
  }

  /**
   * The athlete's unpaid membership request an application is made with: the term it gives when paid in the
   * same order counts as held. `null` when it is already paid (the athlete's term says it all).
   */
  private membershipBought(sportsmanId: string, requestId: string | undefined): StoredItem | null {
    if (requestId === undefined) return null;
    const request = this.items.require(platformApps.requests, requestId, 'Заявка на членство');
    const record = request as unknown as RequestRecord;
    if (record.nomenclature_type !== 'membership' || firstId(record.sportsman) !== sportsmanId) {
      throw ElmaError.badRequest('membershipRequestId: это не заявка этого спортсмена на членство');
    }
    if (!LIVE_REQUEST_STATES.includes(record.requestState) || record.payment_status === 'refunded') {
      throw ElmaError.badRequest('Заявка на членство отменена: оформите членство заново');
    }
    return record.payment_status === 'paid' ? null : request;
  }

  /** The facts come from the items alone and are kept until a write; the clock is read on every check. */
  eligibility(input: PlatformScriptArgs<'getApplicationEligibility'>): ApplicationEligibility {
    const facts = this.items.derived(
      JSON.stringify(['eligibility', input.sportsmanId, input.competitionId]),
      () => {
        const sportsman = this.items.require(platformApps.sportsman, input.sportsmanId, 'Спортсмен');
        const competition = this.items.require(platformApps.competitions, input.competitionId, 'Мероприятие');
        return this.facts(sportsman, competition, null, null);
      },
    );
    return assessEligibility(facts, this.options.now());
  }

  /**
   * The chosen programs, each of this event and open to the athlete; else a 400 with the first reason
   * (athlete-level reasons first).
   */
  private admittedPrograms(
    eligibility: ApplicationEligibility,
    competitionId: string,
    programIds: readonly string[],
  ): StoredItem[] {
    const athleteReason = eligibility.reasons[0];
    if (athleteReason) throw ElmaError.badRequest(athleteReason.message);
    const unique = [...new Set(programIds)];
    const programs = this.items.getMany(platformApps.programs, unique);
    if (programs.length !== unique.length) throw ElmaError.badRequest('Программа не найдена');
    for (const program of programs) {
      if (firstId(program['competition']) !== competitionId) {
        throw ElmaError.badRequest(`Программа «${program.__name}» не относится к этому мероприятию`);
      }
    }
    const refusal = eligibilityRefusal(
      eligibility,
      programs.map((program) => ({ id: program.__id, name: program.__name })),
    );
    if (refusal) throw ElmaError.badRequest(refusal);
    return programs;
  }

  private static feeOf(programs: readonly StoredItem[]): ElmaMoney {
    return {
      cents: programs.reduce((sum, program) => sum + (program['fee'] as ElmaMoney).cents, 0),
      currency: 'RUB',
    };
  }

  /** The term the unpaid membership request an application was made with would give, if it is still live. */
  private linkedMembershipTerm(request: RequestRecord): string | null {
    const id = firstId(request.membership_request);
    const linked = id ? (this.items.get(platformApps.requests, id) as RequestRecord | undefined) : undefined;
    if (!linked || linked.payment_status !== 'unpaid' || !LIVE_REQUEST_STATES.includes(linked.requestState)) {
      return null;
    }
    return this.memberships.termIfPaid(linked).toISOString();
  }

  createApplication(input: PlatformScriptArgs<'createApplication'>): RequestView {
    return this.items.transaction(() => {
      const sportsman = this.items.require(platformApps.sportsman, input.sportsmanId, 'Спортсмен');
      const competition = this.items.require(platformApps.competitions, input.competitionId, 'Мероприятие');
      const membership = this.membershipBought(sportsman.__id, input.membershipRequestId);
      const boughtTerm = membership
        ? this.memberships.termIfPaid(membership as unknown as RequestRecord).toISOString()
        : null;
      const programs = this.admittedPrograms(
        this.assess(sportsman, competition, null, boughtTerm),
        competition.__id,
        input.programIds,
      );
      const created = this.items.insert(platformApps.requests, {
        name: `Заявка: ${sportsman.__name} — ${competition.__name}`,
        fields: {
          sportsman: [sportsman.__id],
          competition: [competition.__id],
          programs: programs.map((program) => program.__id),
          requestState: 'new',
          nomenclature_type: 'competition',
          payment_status: 'unpaid',
          fee: ApplicationsService.feeOf(programs),
          ...(input.coach ? { coach: input.coach } : {}),
          ...(membership ? { membership_request: [membership.__id] } : {}),
          state_history: [{ from: null, to: 'new', at: this.options.now().toISOString(), reason: null }],
        },
      });
      return this.requests.view(created);
    });
  }

  /**
   * New programs and coach for a request that is `new` or `returned`, while registration is open and the
   * programs are open to the athlete. A returned request goes back to review.
   */
  updateApplication(input: PlatformScriptArgs<'updateApplication'>): RequestView {
    return this.items.transaction(() => {
      const request = this.items.require(
        platformApps.requests,
        input.requestId,
        'Заявка',
      ) as unknown as RequestRecord;
      if (request.nomenclature_type !== 'competition') {
        throw ElmaError.badRequest('Изменить можно только заявку на соревнования');
      }
      if (!EDITABLE_STATES.includes(request.requestState)) {
        throw ElmaError.badRequest(
          `Заявку в состоянии «${requestStateNames[request.requestState]}» изменить нельзя`,
        );
      }
      const sportsman = this.items.require(
        platformApps.sportsman,
        firstId(request.sportsman) ?? '',
        'Спортсмен',
      );
      const competition = this.items.require(
        platformApps.competitions,
        firstId(request.competition) ?? '',
        'Мероприятие',
      );
      const programs = this.admittedPrograms(
        this.assess(sportsman, competition, request, this.linkedMembershipTerm(request)),
        competition.__id,
        input.programIds,
      );
      const fields: Record<string, unknown> = {
        programs: programs.map((program) => program.__id),
        fee: ApplicationsService.feeOf(programs),
        coach: input.coach,
      };
      if (request.requestState === 'returned') {
        Object.assign(fields, this.requests.transitionFields(request, 'under_review', null));
      }
      return this.requests.view(this.items.update(platformApps.requests, request.__id, { fields }));
    });
  }

  /** Competition requests to one event, newest first; `query` searches the athlete's name. */
  getCompetitionRequests(
    input: PlatformScriptArgs<'getCompetitionRequests'>,
  ): PlatformScriptOutput<'getCompetitionRequests'> {
    this.items.require(platformApps.competitions, input.competitionId, 'Мероприятие');
    const conditions = [
      'items.app = ?',
      'items.deleted_at IS NULL',
      "json_extract(items.data, '$.competition[0]') = ?",
      "json_extract(items.data, '$.nomenclature_type') = 'competition'",
    ];
    const params: unknown[] = [platformApps.requests, input.competitionId];
    if (input.requestState) {
      conditions.push("json_extract(items.data, '$.requestState') = ?");
      params.push(input.requestState);
    }
    const needle = input.query.trim();
    if (needle) {
      conditions.push('instr(lower_ru(s.name), lower_ru(?)) > 0');
      params.push(needle);
    }
    const from = `FROM items LEFT JOIN items s ON s.app = '${platformApps.sportsman}'
      AND s.id = json_extract(items.data, '$.sportsman[0]') WHERE ${conditions.join(' AND ')}`;
    const total = this.items.scalar(`SELECT count(*) ${from}`, params);
    const rows = this.items.query<StoredItem>(
      `SELECT ${ItemsRepository.columns} ${from} ORDER BY items.created_at DESC, items.seq DESC LIMIT ? OFFSET ?`,
      [...params, input.size, input.from],
    );
    return { success: true, result: rows.map((row) => this.requests.view(row)), total };
  }
}
