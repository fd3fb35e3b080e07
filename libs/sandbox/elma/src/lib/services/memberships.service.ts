import { Inject, Injectable } from '@nestjs/common';
import {
  AGE_OF_MAJORITY,
  federation,
  fullYears,
  platformApps,
  type ElmaMoney,
  type FederationSettingsRecord,
  type MembershipReminder,
  type MembershipRequirement,
  type MembershipStatus,
  type MembershipTermRule,
  type PlatformScriptArgs,
  type PlatformScriptOutput,
  type RequestRecord,
} from '@fed/contracts';
import { DAY_MS, seasonOf } from '@fed/calendar';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { formatFederationDate } from './eligibility';
import {
  choiceCovering,
  holdsSeason,
  seasonAtPayment,
  seasonChoices,
  seasonEnd,
  termAfterPaying,
  type SeasonChoice,
} from './membership-terms';
import { ACTIVE_STATES_SQL, firstId } from './request-facts';
import { kindOf } from './views';

/** The federation's settings as the twin uses them; a twin seeded with nothing uses these. */
export type MembershipSettings = Pick<
  FederationSettingsRecord,
  'membership_term_rule' | 'membership_fee' | 'membership_reminder_days' | 'membership_requires_photo'
>;

export const DEFAULT_MEMBERSHIP_SETTINGS: MembershipSettings = {
  membership_term_rule: 'calendar_year',
  membership_fee: { cents: 150_000, currency: 'RUB' },
  membership_reminder_days: 30,
  membership_requires_photo: true,
};

const RULE_TEXT: Record<MembershipTermRule, string> = {
  calendar_year: 'Членство оформляется на сезон — календарный год — и действует до 31 декабря этого года',
  twelve_months:
    'Членство действует двенадцать месяцев с оплаты (при продлении — с окончания текущего срока)',
};

/** A membership number as members see it: the sequence's value, seven digits («0001234»). */
export function formatMembershipNumber(sequence: number): string {
  return String(sequence).padStart(7, '0');
}

/** The number as SQL: the expression its index (migration 6) is built on. */
const MEMBERSHIP_NUMBER = "json_extract(data, '$.membership_number')";

const termOf = (item: StoredItem): Date | null =>
  typeof item['term_membership'] === 'string' ? new Date(item['term_membership']) : null;

/**
 * Membership in the federation: the settings (term rule, fee, reminders), an athlete's status and
 * requirements, membership requests, the term a paid one gives, and the reminders of a term's end.
 */
@Injectable()
export class MembershipsService {
  constructor(
    private readonly items: ItemsRepository,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  /** The settings record (the first of the `settings` app), else the defaults. */
  settings(): MembershipSettings {
    const [record] = this.items.list(platformApps.settings, {
      size: 1,
      sortExpressions: [{ field: '__createdAt', ascending: true }],
    }).result;
    return record
      ? { ...DEFAULT_MEMBERSHIP_SETTINGS, ...(record as Partial<MembershipSettings>) }
      : DEFAULT_MEMBERSHIP_SETTINGS;
  }

  private athlete(sportsmanId: string): StoredItem {
    return this.items.require(platformApps.sportsman, sportsmanId, 'Спортсмен');
  }

  /** Where the athlete stands now: the settings, the term, the instant, and the seasons on sale. */
  private standing(sportsmanId: string) {
    const sportsman = this.athlete(sportsmanId);
    const settings = this.settings();
    const now = this.options.now();
    const term = termOf(sportsman);
    const choices = seasonChoices(
      settings.membership_term_rule,
      term,
      now,
      settings.membership_reminder_days,
    );
    return { sportsman, settings, now, term, choices };
  }

  /** The season a membership request buys if paid now (see `seasonAtPayment`), and the term it gives. */
  private paymentOf(request: Pick<RequestRecord, 'season' | 'sportsman'>) {
    const { sportsman, settings, now, term } = this.standing(firstId(request.sportsman) ?? '');
    const rule = settings.membership_term_rule;
    const season = seasonAtPayment(
      rule,
      request.season ?? null,
      term,
      now,
      settings.membership_reminder_days,
    );
    return { sportsman, season, termUntil: termAfterPaying(rule, term, season, now) };
  }

  /** The term a membership request gives when paid now. */
  termIfPaid(request: Pick<RequestRecord, 'season' | 'sportsman'>): Date {
    return this.paymentOf(request).termUntil;
  }

  /** The season a membership request buys when paid now (a receipt's line names it). */
  seasonIfPaid(request: Pick<RequestRecord, 'season' | 'sportsman'>): number {
    return this.paymentOf(request).season;
  }

  /**
   * The next number of the federation's sequence: one more than the highest given (read from its index), so
   * numbers stay unique and in order without a counter to keep beside them.
   */
  private nextMembershipNumber(): string {
    const [row] = this.items.rows<{ last: string | null }>(
      `SELECT max(${MEMBERSHIP_NUMBER}) AS last FROM items WHERE app = ? AND ${MEMBERSHIP_NUMBER} IS NOT NULL`,
      [platformApps.sportsman],
    );
    return formatMembershipNumber(Number(row?.last ?? 0) + 1);
  }

  private requirements(sportsman: StoredItem, settings: MembershipSettings): MembershipRequirement[] {
    const now = this.options.now();
    const requirements: MembershipRequirement[] = [];
    if (kindOf(sportsman) !== 'sportsman') {
      requirements.push({
        code: 'athlete',
        met: false,
        title: 'Членство оформляет спортсмен',
        message: 'Членство в федерации оформляется спортсмену, а не организации',
      });
    }
    if (settings.membership_requires_photo) {
      const met = ((sportsman['photo'] as string[] | undefined) ?? []).length > 0;
      requirements.push({
        code: 'photo',
        met,
        title: 'Фотография в профиле',
        message: met ? null : 'Загрузите фотографию в профиле: она будет на членском билете',
      });
    }
    const birthDate = sportsman['date_of_birth'];
    if (typeof birthDate === 'string' && fullYears(birthDate, now) < AGE_OF_MAJORITY) {
      const met = ((sportsman['legal_representative'] as string[] | undefined) ?? []).length > 0;
      requirements.push({
        code: 'legal_representative',
        met,
        title: 'Законный представитель (спортсмену нет 18 лет)',
        message: met ? null : 'Добавьте законного представителя в профиле',
      });
    }
    return requirements;
  }

  /** The athlete's live unpaid membership request, newest first. */
  openRequest(sportsmanId: string): StoredItem | null {
    return (
      this.items.query<StoredItem>(
        `SELECT ${ItemsRepository.columns} FROM items WHERE app = ? AND deleted_at IS NULL
           AND json_extract(data, '$.sportsman[0]') = ? AND json_extract(data, '$.nomenclature_type') = 'membership'
           AND json_extract(data, '$.payment_status') = 'unpaid' AND json_extract(data, '$.requestState') IN ${ACTIVE_STATES_SQL}
         ORDER BY created_at DESC, seq DESC LIMIT 1`,
        [platformApps.requests, sportsmanId],
      )[0] ?? null
    );
  }

  /** Why the season sold is not the current one while the current one is not held, for people; else `null`. */
  private seasonNote(
    rule: MembershipTermRule,
    term: Date | null,
    season: number,
    now: Date,
    forEvent: boolean,
  ) {
    const current = seasonOf(now);
    if (rule !== 'calendar_year' || season === current || holdsSeason(term, current)) return null;
    const end = formatFederationDate(seasonEnd(current));
    return forEvent
      ? `Мероприятие проходит в сезоне ${season}: взнос, оплаченный сейчас, идёт за сезон ${season}, ` +
          `а членство действует уже с оплаты`
      : `Сезон ${current} заканчивается ${end}: взнос, оплаченный сейчас, идёт за сезон ${season}, ` +
          `а членство действует уже с оплаты`;
  }

  /** The event a membership would be bought with: when it starts; a 400 for one the platform does not have. */
  private eventStart(competitionId: string): Date {
    const event = this.items.require(platformApps.competitions, competitionId, 'Мероприятие');
    const start = event['date_start'];
    if (typeof start !== 'string') throw ElmaError.badRequest('У мероприятия нет даты начала');
    return new Date(start);
  }

  status(input: PlatformScriptArgs<'getMembershipStatus'>): MembershipStatus {
    const { sportsman, settings, now, term, choices } = this.standing(input.sportsmanId);
    const rule = settings.membership_term_rule;
    const start = input.competitionId ? this.eventStart(input.competitionId) : null;
    // With an entry fee, the season the event falls in (the first choice lasting until it starts); alone, the
    // offered one. The chosen season leads the choices.
    const chosen: SeasonChoice = (start && choiceCovering(choices, start)) || (choices[0] as SeasonChoice);
    const ordered = [chosen, ...choices.filter((choice) => choice !== chosen)];
    const requirements = this.requirements(sportsman, settings);
    const reasons = requirements.flatMap((requirement) =>
      requirement.met || requirement.message === null ? [] : [requirement.message],
    );
    const open = this.openRequest(sportsman.__id);
    const openSeason = (open?.['season'] as number | null | undefined) ?? null;
    return {
      sportsmanId: sportsman.__id,
      termUntil: term?.toISOString() ?? null,
      active: term !== null && term.getTime() >= now.getTime(),
      membershipNumber: (sportsman['membership_number'] as string | undefined) ?? null,
      rule,
      ruleText: RULE_TEXT[rule],
      fee: settings.membership_fee,
      season: chosen.season,
      seasonNote: this.seasonNote(rule, term, chosen.season, now, start !== null),
      offeredTermUntil: chosen.termUntil.toISOString(),
      seasonChoices: ordered.map((choice) => ({
        season: choice.season,
        termUntil: choice.termUntil.toISOString(),
      })),
      event:
        start && input.competitionId
          ? {
              competitionId: input.competitionId,
              dateStart: start.toISOString(),
              covered: chosen.termUntil.getTime() >= start.getTime(),
            }
          : null,
      requirements,
      canApply: reasons.length === 0,
      reasons,
      // The open request is the one to pay while it is for the season sold here (a request made before the
      // season's end came near, or for another season than the event needs, is moved by a new request).
      openRequestId:
        open &&
        (rule === 'twelve_months' ||
          openSeason === chosen.season ||
          (openSeason === null && chosen === choices[0]))
          ? open.__id
          : null,
    };
  }

  /**
   * A membership request for `season` (else the season sold now, for the event when one is given), accepted at
   * once when the requirements hold (the federation reviews nothing by hand: the history shows new →
   * under_review → approved at the same moment). The athlete's open unpaid request is answered instead of a
   * second one, moved to the season asked for when it was for another.
   */
  createRequest(input: PlatformScriptArgs<'createMembershipRequest'>): StoredItem {
    return this.items.transaction(() => {
      const status = this.status({
        sportsmanId: input.sportsmanId,
        ...(input.competitionId ? { competitionId: input.competitionId } : {}),
      });
      const [refusal] = status.reasons;
      if (refusal) throw ElmaError.badRequest(refusal);
      const season = input.season ?? status.season;
      const allowed = status.seasonChoices.map((choice) => choice.season).sort((a, b) => a - b);
      if (!allowed.includes(season)) {
        throw ElmaError.badRequest(`Членство можно оформить на сезон ${allowed.join(' или ')}`);
      }
      const sportsman = this.athlete(input.sportsmanId);
      const open = this.openRequest(input.sportsmanId);
      if (open) {
        const openSeason = (open['season'] as number | null | undefined) ?? null;
        if (openSeason === season) return open;
        // Unpaid: the athlete buys the season asked for now with it.
        return this.items.update(platformApps.requests, open.__id, {
          name: `Членство ${season}: ${sportsman.__name}`,
          fields: { season },
        });
      }
      const at = this.options.now().toISOString();
      return this.items.insert(platformApps.requests, {
        name: `Членство ${season}: ${sportsman.__name}`,
        fields: {
          sportsman: [sportsman.__id],
          competition: [],
          programs: [],
          requestState: 'approved',
          nomenclature_type: 'membership',
          payment_status: 'unpaid',
          fee: status.fee,
          season,
          state_history: [
            { from: null, to: 'new', at, reason: null },
            { from: 'new', to: 'under_review', at, reason: null },
            { from: 'under_review', to: 'approved', at, reason: null },
          ],
        },
      });
    });
  }

  /**
   * A membership paid: its term by the federation's rule, a `memberships` record, and the athlete's
   * `term_membership` moved (never back); the first one gives the athlete the next membership number, which every
   * renewal keeps. Returns the new term. Called inside the payment's transaction.
   */
  extend(request: Pick<RequestRecord, '__id' | 'season' | 'sportsman'>, fee: ElmaMoney): string {
    const { sportsman, season, termUntil } = this.paymentOf(request);
    const validUntil = termUntil.toISOString();
    this.items.insert(platformApps.memberships, {
      name: `Членство ${sportsman.__name} до ${validUntil.slice(0, 10)}`,
      fields: { sportsman: [sportsman.__id], season, valid_until: validUntil, fee, paid: true },
    });
    if (request.season !== season) {
      // The request says what it bought: the season the fee bought at payment.
      this.items.update(platformApps.requests, request.__id, {
        name: `Членство ${season}: ${sportsman.__name}`,
        fields: { season },
      });
    }
    const number = (sportsman['membership_number'] as string | undefined) ?? this.nextMembershipNumber();
    this.items.update(platformApps.sportsman, sportsman.__id, {
      fields: { term_membership: validUntil, membership_number: number },
    });
    return validUntil;
  }

  /** The athlete's live applications to events that have not started, soonest first. */
  private upcomingEntries(sportsmanId: string, now: Date) {
    return this.items.rows<{ id: string; name: string; start: string }>(
      `SELECT c.id AS id, c.name AS name, json_extract(c.data, '$.date_start') AS start FROM items r
         JOIN items c ON c.app = ? AND c.id = json_extract(r.data, '$.competition[0]') AND c.deleted_at IS NULL
       WHERE r.app = ? AND r.deleted_at IS NULL AND json_extract(r.data, '$.sportsman[0]') = ?
         AND json_extract(r.data, '$.nomenclature_type') = 'competition'
         AND json_extract(r.data, '$.requestState') IN ${ACTIVE_STATES_SQL}
         AND json_extract(c.data, '$.date_start') >= ?
       ORDER BY json_extract(c.data, '$.date_start'), c.id`,
      [platformApps.competitions, platformApps.requests, sportsmanId, now.toISOString()],
    );
  }

  /** Warnings about the end of the athlete's term, most urgent first. */
  reminders(sportsmanId: string): MembershipReminder[] {
    const sportsman = this.athlete(sportsmanId);
    if (kindOf(sportsman) !== 'sportsman') return [];
    const now = this.options.now();
    const term = termOf(sportsman);
    const termUntil = term?.toISOString() ?? null;
    const ended = term !== null && term.getTime() < now.getTime();
    const reminders: MembershipReminder[] = [];
    for (const entry of this.upcomingEntries(sportsmanId, now)) {
      if (term !== null && new Date(entry.start).getTime() <= term.getTime()) continue;
      const event = `«${entry.name}» (${formatFederationDate(entry.start)})`;
      reminders.push({
        kind: 'expires_before_event',
        message:
          term === null
            ? `Членство в федерации не оформлено, а вы заявлены на турнир ${event}: оформите членство`
            : ended
              ? `Членство закончилось ${formatFederationDate(term)} — раньше начала турнира ${event}: продлите его`
              : `Членство закончится до начала турнира ${event}: продлите его`,
        termUntil,
        competitionId: entry.id,
        competitionName: entry.name,
        competitionDate: entry.start,
      });
    }
    const reminderDays = this.settings().membership_reminder_days;
    if (term !== null && !ended && term.getTime() - now.getTime() <= reminderDays * DAY_MS) {
      reminders.push({
        kind: 'expires_soon',
        message: `Членство в федерации заканчивается ${formatFederationDate(term)}: продлите его заранее`,
        termUntil,
        competitionId: null,
        competitionName: null,
        competitionDate: null,
      });
    }
    if (ended) {
      reminders.push({
        kind: 'expired',
        message: `Членство в федерации закончилось ${formatFederationDate(term)}: продлите его, чтобы подавать заявки на турниры`,
        termUntil,
        competitionId: null,
        competitionName: null,
        competitionDate: null,
      });
    }
    return reminders;
  }

  /**
   * Athletes with a reminder due now (`expires_soon` or `expires_before_event`), by id, paged. Two indexed
   * reads joined in SQL: athletes whose term ends within the reminder period, and — driven from the upcoming
   * events, then their live requests (CROSS JOIN keeps that order) — athletes entered in an event after their term.
   */
  dueReminders(
    input: PlatformScriptArgs<'getDueMembershipReminders'>,
  ): PlatformScriptOutput<'getDueMembershipReminders'> {
    const now = this.options.now().toISOString();
    const soon = new Date(
      this.options.now().getTime() + this.settings().membership_reminder_days * DAY_MS,
    ).toISOString();
    const term = "json_extract(s.data, '$.term_membership')";
    const due = `
      SELECT s.id AS id FROM items s
        WHERE s.app = ? AND s.deleted_at IS NULL AND json_extract(s.data, '$.representative_new[0].code') = 'sportsman'
          AND ${term} >= ? AND ${term} <= ?
      UNION
      SELECT s.id AS id FROM items c CROSS JOIN items r CROSS JOIN items s
        WHERE c.app = ? AND c.deleted_at IS NULL AND json_extract(c.data, '$.date_start') >= ?
          AND r.app = ? AND json_extract(r.data, '$.competition[0]') = c.id AND r.deleted_at IS NULL
          AND json_extract(r.data, '$.nomenclature_type') = 'competition'
          AND json_extract(r.data, '$.requestState') IN ${ACTIVE_STATES_SQL}
          AND s.app = ? AND s.id = json_extract(r.data, '$.sportsman[0]') AND s.deleted_at IS NULL
          AND (${term} IS NULL OR json_extract(c.data, '$.date_start') > ${term})`;
    const params = [
      platformApps.sportsman,
      now,
      soon,
      platformApps.competitions,
      now,
      platformApps.requests,
      platformApps.sportsman,
    ];
    const total = this.items.scalar(`SELECT count(*) FROM (${due})`, params);
    const ids = this.items.rows<{ id: string }>(`${due} ORDER BY id LIMIT ? OFFSET ?`, [
      ...params,
      input.size,
      input.from,
    ]);
    return {
      success: true,
      total,
      result: ids.map(({ id }) => {
        const reminders = this.reminders(id).filter((reminder) => reminder.kind !== 'expired');
        return {
          sportsmanId: id,
          sportsmanName: this.athlete(id).__name,
          termUntil: reminders[0]?.termUntil ?? null,
          reminders,
        };
      }),
    };
  }

  /** Receipt wording of a membership line. */
  static title(season: number): string {
    return `Членский взнос ${federation.shortName}, сезон ${season}`;
  }
}
