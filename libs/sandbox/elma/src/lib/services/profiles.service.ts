import { addMonths, calendarDayOf, isoDay, seasonOf, startOfFederationDay } from '@fed/calendar';
import { Inject, Injectable } from '@nestjs/common';
import {
  AGE_OF_MAJORITY,
  fullYears,
  platformApps,
  type AthleteResult,
  type OrganizationCard,
  type OrganizationProfile,
  type PlatformScriptArgs,
  type PlatformScriptOutput,
  type PublishConsent,
  type SportsmanCard,
  type SportsmanProfile,
} from '@fed/contracts';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { PEOPLE } from '../core/migrations';
import { normalizeSearch } from '../core/text';
import { AgeClassesService } from './age-classes.service';
import { firstId } from './requests.service';
import { kindOf, toOrganizationRead } from './views';

const { kind: KIND, club: CLUB, publishedCity: PUBLISHED_CITY, gender: GENDER, birth: BIRTH } = PEOPLE;
const { term: TERM, consentGiven: CONSENT_GIVEN, nameSearch: NAME_SEARCH } = PEOPLE;
const CITY = "json_extract(items.data, '$.gorod')";
const ORGANIZER = "json_extract(items.data, '$.organizer[0]')";
const DATE_START = "json_extract(items.data, '$.date_start')";

/** Indexes of migration 4, each leading with one of the directory's orders and holding every filter. */
const BY_NAME = 'items_live_people';
const BY_CITY = 'items_live_people_city';
const BY_BIRTH = 'items_live_people_birth';
const BY_CLUB = 'items_live_club_people';
const NAME_ORDER = 'items.name ASC, items.seq ASC';

/** The states of a competition request that mean the athlete entered the event. */
const ENTERED_STATES: ReadonlySet<string> = new Set(['approved', 'paid']);

/** Ages past the last bound of any class are all alike: the oldest band reaches on from here. */
const OLDEST_AGE = 120;

/**
 * One stretch of a directory's order: its own condition and order, the index its page is read from and the one
 * it is counted with (a narrower range, when there is one); a page runs across stretches.
 */
interface Segment {
  where: string;
  params: unknown[];
  orderBy: string;
  index: string;
  countIndex?: string;
}

interface Query {
  where: string[];
  params: unknown[];
}

/**
 * The federation's public registry: the athletes' and organizations' directories, the public pages and the
 * consent to publish. Answers whole records; what a viewer may see of them is the api's answer filter's call.
 * Filters only match what others may see (docs/security.md «Who sees what»), or filtering would tell a hidden
 * value: a city filter finds published cities, gender and membership filters skip minors without consent.
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly ageClasses: AgeClassesService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  /** The start of today on the federation's (Moscow) calendar, RFC 3339: memberships and events are compared with it. */
  private todayIso(): string {
    return startOfFederationDay(calendarDayOf(this.options.now())).toISOString();
  }

  /**
   * The latest birth date field of an adult today (`fullYears` ≥ 18), at the end of its day: a date field holds
   * the day written at midnight UTC, and today is the Moscow day.
   */
  private adultBornBy(): string {
    const day = addMonths(calendarDayOf(this.options.now()), -12 * AGE_OF_MAJORITY);
    return `${isoDay(day)}T23:59:59.999Z`;
  }

  /** An adult, or a minor whose parent chose what to publish: gender and membership are public. */
  private visibleCondition(query: Query): string {
    query.params.push(this.adultBornBy());
    return `(${BIRTH} <= ? OR ${CONSENT_GIVEN} IS NOT NULL)`;
  }

  /** The birth-date range of a sport age range this season (sport age = this year minus the birth year). */
  private birthRange(ageFrom: number | null, ageTo: number | null, query: Query): string {
    const year = seasonOf(this.options.now());
    const parts = [`${BIRTH} IS NOT NULL`];
    if (ageTo !== null) {
      parts.push(`${BIRTH} >= ?`);
      query.params.push(new Date(Date.UTC(year - ageTo, 0, 1)).toISOString());
    }
    if (ageFrom !== null) {
      parts.push(`${BIRTH} < ?`);
      query.params.push(new Date(Date.UTC(year - ageFrom + 1, 0, 1)).toISOString());
    }
    return parts.join(' AND ');
  }

  private athleteQuery(input: PlatformScriptArgs<'getSportsmen'>): Query {
    const query: Query = {
      where: ['items.app = ?', 'items.deleted_at IS NULL', `${KIND} = 'sportsman'`],
      params: [platformApps.sportsman],
    };
    if (input.search) {
      query.where.push(`instr(${NAME_SEARCH}, ?) > 0`);
      query.params.push(normalizeSearch(input.search));
    }
    if (input.organizationId) {
      query.where.push(`${CLUB} = ?`);
      query.params.push(input.organizationId);
    }
    if (input.city) {
      query.where.push(`${PUBLISHED_CITY} = ?`);
      query.params.push(input.city);
    }
    if (input.gender) {
      query.where.push(`${GENDER} = ?`);
      query.params.push(input.gender);
      query.where.push(this.visibleCondition(query));
    }
    if (input.ageClassId) {
      const ageClass = this.ageClasses.all().find((candidate) => candidate.__id === input.ageClassId);
      if (!ageClass) throw ElmaError.badRequest(`ageClassId: возрастной класс ${input.ageClassId} не найден`);
      query.where.push(this.birthRange(ageClass.age_from ?? null, ageClass.age_to ?? null, query));
    }
    if (input.membershipValid !== undefined) {
      query.where.push(input.membershipValid ? `${TERM} >= ?` : `(${TERM} IS NULL OR ${TERM} < ?)`);
      query.params.push(this.todayIso());
      query.where.push(this.visibleCondition(query));
    }
    return query;
  }

  /**
   * The age classes in the directory's order: each class (by `sortirovka`) with the sport ages it is the
   * athlete's class for (the lowest `sortirovka` holding the age), as birth-date ranges; athletes without a
   * birth date have no class and come last.
   */
  private ageClassSegments(index: string): Segment[] {
    const classes = this.ageClasses.all();
    const bands = new Map<string, Array<[number, number]>>();
    for (let age = 0; age <= OLDEST_AGE; age += 1) {
      const holder = classes.find(
        (ageClass) => (ageClass.age_from ?? -Infinity) <= age && age <= (ageClass.age_to ?? Infinity),
      );
      if (!holder) continue;
      const ranges = bands.get(holder.__id) ?? [];
      const last = ranges[ranges.length - 1];
      if (last && last[1] === age - 1) last[1] = age;
      else ranges.push([age, age]);
      bands.set(holder.__id, ranges);
    }
    const segments: Segment[] = [];
    for (const ageClass of classes) {
      const ranges = bands.get(ageClass.__id);
      if (!ranges) continue;
      const query: Query = { where: [], params: [] };
      const parts = ranges.map(
        ([from, to]) => `(${this.birthRange(from, to === OLDEST_AGE ? null : to, query)})`,
      );
      segments.push({ where: `(${parts.join(' OR ')})`, params: query.params, orderBy: NAME_ORDER, index });
    }
    segments.push({ where: `${BIRTH} IS NULL`, params: [], orderBy: NAME_ORDER, index });
    return segments;
  }

  /**
   * The stretches of the asked order, each on the index that serves it: a club's few athletes from the club's
   * index whatever the order; a city filter or order from the published-city index; the age-class order from the
   * birth-date index; else the name index (an age-class filter counted on the birth-date index's narrower range).
   */
  private segmentsFor(input: PlatformScriptArgs<'getSportsmen'>): Segment[] {
    const clubOrCity = input.organizationId ? BY_CLUB : input.city ? BY_CITY : null;
    switch (input.sort) {
      case 'name_desc':
        return [
          {
            where: '1',
            params: [],
            orderBy: 'items.name DESC, items.seq DESC',
            index: clubOrCity ?? BY_NAME,
          },
        ];
      case 'age_class':
        return this.ageClassSegments(clubOrCity ?? BY_BIRTH);
      case 'city':
        // Published cities in order, then everybody else by name: an unpublished city has no place in the order.
        return [
          {
            where: `${PUBLISHED_CITY} IS NOT NULL`,
            params: [],
            orderBy: `${PUBLISHED_CITY} ASC, ${NAME_ORDER}`,
            index: clubOrCity ?? BY_CITY,
          },
          {
            where: `${PUBLISHED_CITY} IS NULL`,
            params: [],
            orderBy: NAME_ORDER,
            index: clubOrCity ?? BY_CITY,
          },
        ];
      default:
        return [
          {
            where: '1',
            params: [],
            orderBy: NAME_ORDER,
            index: clubOrCity ?? BY_NAME,
            countIndex: clubOrCity ?? (input.ageClassId ? BY_BIRTH : BY_NAME),
          },
        ];
    }
  }

  /** A count, kept until the next write to the items (a directory's pages share one count). */
  private count(sql: string, params: readonly unknown[]): number {
    return this.items.derived(JSON.stringify(['count', sql, params]), () => this.items.scalar(sql, params));
  }

  /**
   * One page across the segments: each counted from its index, the page's row numbers read from the index alone
   * (an offset skips index entries, not rows), then those rows only.
   */
  private page(base: Query, segments: readonly Segment[], from: number, size: number) {
    let total = 0;
    let skip = from;
    let wanted = size;
    const seqs: number[] = [];
    for (const segment of segments) {
      const where = `${base.where.join(' AND ')} AND ${segment.where}`;
      const params = [...base.params, ...segment.params];
      const count = this.count(
        `SELECT count(*) FROM items INDEXED BY ${segment.countIndex ?? segment.index} WHERE ${where}`,
        params,
      );
      total += count;
      if (wanted === 0 || count === 0) continue;
      if (skip >= count) {
        skip -= count;
        continue;
      }
      const taken = this.items.rows<{ seq: number }>(
        `SELECT items.seq FROM items INDEXED BY ${segment.index} WHERE ${where}
         ORDER BY ${segment.orderBy} LIMIT ? OFFSET ?`,
        [...params, Math.min(wanted, count - skip), skip],
      );
      seqs.push(...taken.map((row) => row.seq));
      wanted -= taken.length;
      skip = 0;
    }
    return { rows: this.items.bySeq(seqs), total };
  }

  private clubNames(athletes: readonly StoredItem[]): Map<string, string> {
    const ids = [...new Set(athletes.flatMap((athlete) => firstId(athlete['organiz']) ?? []))];
    return new Map(this.items.getMany(platformApps.sportsman, ids).map((club) => [club.__id, club.__name]));
  }

  /** An athlete's directory card, whole: the answer filter takes out what the viewer may not see. */
  private card(item: StoredItem, clubs: ReadonlyMap<string, string>, today: string): SportsmanCard {
    const clubId = firstId(item['organiz']);
    const fio = (item['fio'] as SportsmanCard['fio'] | undefined) ?? {
      lastname: item.__name,
      firstname: '',
      middlename: '',
    };
    const card: SportsmanCard = {
      __id: item.__id,
      __name: item.__name,
      fio,
      representative_new:
        (item['representative_new'] as SportsmanCard['representative_new'] | undefined) ?? [],
      organiz: clubId ? [clubId] : [],
      organizationName: (clubId && clubs.get(clubId)) || null,
      age_class: this.ageClasses.forBirthDate(item['date_of_birth'] as string | undefined),
      membershipValid: typeof item['term_membership'] === 'string' && item['term_membership'] >= today,
      publish_consent: (item['publish_consent'] as PublishConsent | undefined) ?? null,
    };
    for (const field of ['pol', 'gorod', 'photo', 'date_of_birth'] as const) {
      if (item[field] !== undefined) (card as Record<string, unknown>)[field] = item[field];
    }
    return card;
  }

  getSportsmen(input: PlatformScriptArgs<'getSportsmen'>): PlatformScriptOutput<'getSportsmen'> {
    const base = this.athleteQuery(input);
    const { rows, total } = this.page(base, this.segmentsFor(input), input.from, input.size);
    const clubs = this.clubNames(rows);
    const today = this.todayIso();
    return { success: true, result: rows.map((row) => this.card(row, clubs, today)), total };
  }

  /** Athletes per club and upcoming (or past) events per organizer, each counted from an index range. */
  private countsBy(sql: string, params: unknown[]): Map<string, number> {
    return new Map(this.items.rows<{ id: string; n: number }>(sql, params).map((row) => [row.id, row.n]));
  }

  private organizationCounts(ids: readonly string[]) {
    if (ids.length === 0) {
      const none = new Map<string, number>();
      return { athletes: none, upcoming: none, past: none };
    }
    const marks = ids.map(() => '?').join(', ');
    const today = this.todayIso();
    const athletes = this.countsBy(
      `SELECT ${CLUB} AS id, count(*) AS n FROM items INDEXED BY items_live_club_people
       WHERE items.app = ? AND items.deleted_at IS NULL AND ${CLUB} IN (${marks}) AND ${KIND} = 'sportsman' GROUP BY ${CLUB}`,
      [platformApps.sportsman, ...ids],
    );
    const events = (comparison: '>=' | '<') =>
      this.countsBy(
        `SELECT ${ORGANIZER} AS id, count(*) AS n FROM items INDEXED BY items_live_organizer_events
         WHERE items.app = ? AND items.deleted_at IS NULL AND ${ORGANIZER} IN (${marks}) AND ${DATE_START} ${comparison} ?
         GROUP BY ${ORGANIZER}`,
        [platformApps.competitions, ...ids, today],
      );
    return { athletes, upcoming: events('>='), past: events('<') };
  }

  getOrganizations(input: PlatformScriptArgs<'getOrganizations'>): PlatformScriptOutput<'getOrganizations'> {
    const query: Query = {
      where: ['items.app = ?', 'items.deleted_at IS NULL', `${KIND} = 'organization'`],
      params: [platformApps.sportsman],
    };
    if (input.search) {
      query.where.push(`instr(${NAME_SEARCH}, ?) > 0`);
      query.params.push(normalizeSearch(input.search));
    }
    if (input.city) {
      query.where.push(`${CITY} = ?`);
      query.params.push(input.city);
    }
    if (input.excludeId) {
      query.where.push('items.id <> ?');
      query.params.push(input.excludeId);
    }
    const byName: Segment = { where: '1', params: [], orderBy: NAME_ORDER, index: BY_NAME };
    const { rows, total } = this.page(query, [byName], input.from, input.size);
    const counts = this.organizationCounts(rows.map((row) => row.__id));
    return {
      success: true,
      result: rows.map((row): OrganizationCard => ({
        ...toOrganizationRead(row),
        athletesCount: counts.athletes.get(row.__id) ?? 0,
        upcomingEventsCount: counts.upcoming.get(row.__id) ?? 0,
      })),
      total,
    };
  }

  private requireKind(id: string, kind: 'sportsman' | 'organization'): StoredItem {
    const what = kind === 'sportsman' ? 'Спортсмен' : 'Организация';
    const item = this.items.require(platformApps.sportsman, id, what);
    if (kindOf(item) !== kind) throw ElmaError.notFound(`${what} ${id} not found`);
    return item;
  }

  /** The events an athlete entered (approved or paid competition requests), newest first, with places. */
  private resultsOf(athleteId: string): AthleteResult[] {
    const requests = this.items
      .query<StoredItem>(
        `SELECT ${ItemsRepository.columns} FROM items WHERE app = ? AND deleted_at IS NULL
           AND json_extract(data, '$.sportsman[0]') = ?`,
        [platformApps.requests, athleteId],
      )
      .filter(
        (request) =>
          request['nomenclature_type'] === 'competition' &&
          ENTERED_STATES.has(request['requestState'] as string),
      );
    const events = new Map(
      this.items
        .getMany(platformApps.competitions, [
          ...new Set(requests.flatMap((request) => firstId(request['competition']) ?? [])),
        ])
        .map((event) => [event.__id, event]),
    );
    const programIds = [
      ...new Set(requests.flatMap((request) => (request['programs'] as string[] | undefined) ?? [])),
    ];
    const programs = new Map(
      this.items.getMany(platformApps.programs, programIds).map((program) => [program.__id, program.__name]),
    );
    const results: AthleteResult[] = [];
    for (const request of requests) {
      const event = events.get(firstId(request['competition']) ?? '');
      if (!event) continue;
      const place = request['result_place'];
      results.push({
        requestId: request.__id,
        competitionId: event.__id,
        competitionName: event.__name,
        dateStart: event['date_start'] as string,
        dateEnd: (event['date_end'] as string | undefined) ?? null,
        gorod: (event['gorod'] as string | undefined) ?? null,
        programNames: ((request['programs'] as string[] | undefined) ?? []).flatMap(
          (id) => programs.get(id) ?? [],
        ),
        place: typeof place === 'number' ? place : null,
      });
    }
    return results.sort((a, b) => (a.dateStart < b.dateStart ? 1 : a.dateStart > b.dateStart ? -1 : 0));
  }

  private profileOf(item: StoredItem): SportsmanProfile {
    const profile: SportsmanProfile = {
      ...this.card(item, this.clubNames([item]), this.todayIso()),
      results: this.resultsOf(item.__id),
    };
    for (const field of ['coach', 'term_membership', 'vk_link', 'vk_link_available'] as const) {
      if (item[field] !== undefined) (profile as Record<string, unknown>)[field] = item[field];
    }
    return profile;
  }

  private organizationPageOf(organization: StoredItem): OrganizationProfile {
    const id = organization.__id;
    const counts = this.organizationCounts([id]);
    return {
      ...toOrganizationRead(organization),
      athletesCount: counts.athletes.get(id) ?? 0,
      upcomingEventsCount: counts.upcoming.get(id) ?? 0,
      pastEventsCount: counts.past.get(id) ?? 0,
    };
  }

  /** Someone's public page, an athlete's or an organization's, as the record's kind says. */
  getPublicProfile(id: string): PlatformScriptOutput<'getPublicProfile'> {
    const item = this.items.require(platformApps.sportsman, id, 'Профиль');
    switch (kindOf(item)) {
      case 'organization':
        return { success: true, data: { kind: 'organization', profile: this.organizationPageOf(item) } };
      case 'sportsman':
        return { success: true, data: { kind: 'sportsman', profile: this.profileOf(item) } };
      default:
        throw ElmaError.notFound(`Профиль ${id} not found`);
    }
  }

  getOrganizationProfile(id: string): PlatformScriptOutput<'getOrganizationProfile'> {
    return { success: true, data: this.organizationPageOf(this.requireKind(id, 'organization')) };
  }

  /**
   * Records a person's choice whole, with the platform's time and who chose: a parent for a minor (the login
   * holding a minor's account is the parent's), else the person.
   */
  setPublishConsent(
    input: PlatformScriptArgs<'setPublishConsent'>,
  ): PlatformScriptOutput<'setPublishConsent'> {
    return this.items.transaction(() => {
      const athlete = this.requireKind(input.sportsmanId, 'sportsman');
      const now = this.options.now();
      const birth = athlete['date_of_birth'];
      const minor = typeof birth !== 'string' || fullYears(birth, now) < AGE_OF_MAJORITY;
      const consent: PublishConsent = {
        photo: input.photo,
        birthYear: input.birthYear,
        city: input.city,
        results: input.results,
        givenAt: now.toISOString(),
        givenBy: { login: input.givenBy, role: minor ? 'parent' : 'self' },
      };
      const updated = this.items.update(platformApps.sportsman, athlete.__id, {
        fields: { publish_consent: consent },
      });
      return { success: true, data: this.profileOf(updated) };
    });
  }
}
