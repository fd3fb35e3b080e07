import {
  calendarDayOf,
  dateFieldDay,
  DEFAULT_TEST_INSTANT,
  daysBetween,
  federationTimeOf,
  fixedClock,
  fullYearsOn,
  type CalendarDay,
} from '@fed/calendar';
import {
  platformApps,
  platformScripts,
  type ContractorType,
  type GenderCode,
  type RequestState,
} from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessEligibility, type AgeClassBounds, type EligibilityProgram } from '../services/eligibility';
import { startTwin, TEST_TOKEN } from '../testing/twin-harness';
import { demoAthleteExpired, demoCompetitions, demoFamily } from './demo-accounts';
import { DEMO_SEED_SIZE } from './demo-size';

/**
 * The days the demo is seeded on in these tests, beside the suites' default instant: the digests' day, the days
 * before a season's end when an event a few weeks ahead falls in the next season (either side of Moscow's
 * midnight on 1–2 December), Moscow's New Year while it is still 31 December in UTC, the last day of February in
 * a common and in a leap year, and two days of July either side of a weekend.
 */
const TODAYS = [
  '2026-03-14T09:30:00.000Z',
  '2026-11-29T09:00:00.000Z',
  '2026-12-01T20:30:00.000Z',
  '2026-12-01T21:30:00.000Z',
  '2026-12-20T09:00:00.000Z',
  '2026-12-31T21:30:00.000Z',
  '2027-02-28T12:00:00.000Z',
  '2028-02-29T12:00:00.000Z',
  '2027-07-17T12:00:00.000Z',
  '2027-07-19T12:00:00.000Z',
] as const;

interface Row {
  app: string;
  id: string;
  name: string;
  data: Record<string, unknown>;
  createdAt: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const DATE_FIELD = /T00:00:00(\.000)?Z$/;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A row with its dates read from the seed's today: a moment as days from today and its Moscow wall time, a date
 * field (a birth date) as the full years on today, a day named in a text as days from today, a year in a name or
 * a membership's season as a placeholder. What is left are the seed's choices.
 */
function fromToday(value: unknown, today: CalendarDay, key = ''): unknown {
  if (typeof value === 'string') {
    if (INSTANT.test(value)) {
      if (DATE_FIELD.test(value)) return `${fullYearsOn(dateFieldDay(value) as CalendarDay, today)} years`;
      const wall = federationTimeOf(value);
      return `day ${daysBetween(today, calendarDayOf(value))} at ${pad(wall.hour)}:${pad(wall.minute)}`;
    }
    return value
      .replace(
        /\b(\d{4}-\d{2}-\d{2})\b/g,
        (day) => `day ${daysBetween(today, dateFieldDay(day) as CalendarDay)}`,
      )
      .replace(/\b20\d\d\b/g, 'YYYY');
  }
  if (key === 'season' && typeof value === 'number') return 'season';
  if (Array.isArray(value)) return value.map((entry) => fromToday(entry, today));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([field, entry]) => [field, fromToday(entry, today, field)]),
    );
  }
  return value;
}

interface Seeded {
  today: CalendarDay;
  rows: Row[];
  /** What the journeys ask the twin, answered as it was seeded. */
  journeys: Record<string, unknown>;
}

const { extensions } = sandboxPublicConfig;

/** Seeds the full demo on `now`, asks what the journeys ask and reads back every row. */
async function seedOn(now: string): Promise<Seeded> {
  const twin = await startTwin({ demoSize: DEMO_SEED_SIZE, clock: fixedClock(now) });
  try {
    const eligibility = async (sportsmanId: string, competitionId: string) => {
      const answer = await request(twin.app.getHttpServer())
        .get(`/sandbox/elma/api/extensions/${extensions.application}/script/getApplicationEligibility`)
        .set('Authorization', `Bearer ${TEST_TOKEN}`)
        .query({ data: JSON.stringify({ sportsmanId, competitionId }) })
        .expect(200);
      const { eligible, reasons, programs } = platformScripts.getApplicationEligibility.output.parse(
        answer.body,
      ).data;
      return {
        eligible,
        reasons: reasons.map((reason) => reason.code),
        programs: programs.filter((program) => program.eligible).length,
      };
    };
    const [sonId, daughterId] = demoFamily.childIds;
    const journeys = {
      parentClubOpen: await eligibility(demoFamily.parentId, demoCompetitions.clubOpen),
      parentFederationCup: await eligibility(demoFamily.parentId, demoCompetitions.federationCup),
      parentClubChildren: await eligibility(demoFamily.parentId, demoCompetitions.clubChildren),
      sonClubOpen: await eligibility(sonId, demoCompetitions.clubOpen),
      sonClubChildren: await eligibility(sonId, demoCompetitions.clubChildren),
      daughterClubChildren: await eligibility(daughterId, demoCompetitions.clubChildren),
      expiredClubOpen: await eligibility(demoAthleteExpired.sportsmanId, demoCompetitions.clubOpen),
    };
    await twin.close();
    const db = new Database(join(twin.dataDir, 'platform.sqlite'), { readonly: true });
    try {
      const rows = (
        db.prepare('SELECT app, id, name, data, created_at FROM items ORDER BY seq').all() as Array<{
          app: string;
          id: string;
          name: string;
          data: string;
          created_at: string;
        }>
      ).map((row) => ({
        app: row.app,
        id: row.id,
        name: row.name,
        data: JSON.parse(row.data) as Record<string, unknown>,
        createdAt: row.created_at,
      }));
      return { today: calendarDayOf(now), rows, journeys };
    } finally {
      db.close();
    }
  } finally {
    await twin.dispose();
  }
}

/**
 * The rows as choices, one line each (a difference names its row): dates read from today, and memberships
 * without the ids the repository draws.
 */
const choicesOf = ({ rows, today }: Seeded) =>
  rows.map((row) =>
    JSON.stringify(fromToday({ ...row, id: row.app === platformApps.memberships ? null : row.id }, today)),
  );

const first = <T>(value: unknown): T | null =>
  Array.isArray(value) && value.length > 0 ? (value[0] as T) : null;

/**
 * Every competition request as the platform judges an application: by its own eligibility rules, on the
 * athlete and the event as seeded, at the moment the request was made, with the places the requests made before
 * it hold.
 */
function refusalsOf({ rows }: Seeded): string[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ageClasses: AgeClassBounds[] = rows
    .filter((row) => row.app === platformApps.ageClasses)
    .map((row) => ({
      __id: row.id,
      code: String(row.data['code']),
      nazvanie: String(row.data['nazvanie']),
      sortirovka: Number(row.data['sortirovka']),
      age_from: (row.data['age_from'] as number | null | undefined) ?? null,
      age_to: (row.data['age_to'] as number | null | undefined) ?? null,
    }));
  const programsOf = new Map<string, EligibilityProgram[]>();
  for (const row of rows.filter((candidate) => candidate.app === platformApps.programs)) {
    const competitionId = first<string>(row.data['competition']) ?? '';
    const programType = row.data['program_type'] as { gender?: boolean } | undefined;
    programsOf.set(competitionId, [
      ...(programsOf.get(competitionId) ?? []),
      {
        id: row.id,
        genderApplies: programType?.gender === true,
        gender: first<{ code: GenderCode }>(row.data['pol'])?.code ?? null,
        ageClassIds: (row.data['age_class'] as string[] | undefined) ?? [],
      },
    ]);
  }
  const liveBefore = new Map<string, number>();
  const refusals: string[] = [];
  for (const row of rows.filter((candidate) => candidate.app === platformApps.requests)) {
    if (row.data['nomenclature_type'] !== 'competition') continue;
    const competitionId = first<string>(row.data['competition']) ?? '';
    const sportsmanId = first<string>(row.data['sportsman']) ?? '';
    const competition = byId.get(competitionId);
    const athlete = byId.get(sportsmanId);
    if (!competition || !athlete) {
      refusals.push(`${row.name}: no event or athlete`);
      continue;
    }
    const taken = liveBefore.get(competitionId) ?? 0;
    const state = row.data['requestState'] as RequestState;
    if (state !== 'cancelled' && state !== 'rejected') liveBefore.set(competitionId, taken + 1);
    const assessed = assessEligibility(
      {
        athlete: {
          id: athlete.id,
          kind: first<{ code: ContractorType }>(athlete.data['representative_new'])?.code ?? null,
          gender: first<{ code: GenderCode }>(athlete.data['pol'])?.code ?? null,
          birthDate: (athlete.data['date_of_birth'] as string | undefined) ?? null,
          membershipUntil: (athlete.data['term_membership'] as string | undefined) ?? null,
          hasLegalRepresentative: first<string>(athlete.data['legal_representative']) !== null,
          activeRequestId: null,
        },
        competition: {
          id: competition.id,
          dateStart: String(competition.data['date_start']),
          registrationDeadline: String(competition.data['registration_deadline']),
          placesLimit: Number(competition.data['places_limit'] ?? 0),
          placesTaken: taken,
          programs: programsOf.get(competitionId) ?? [],
        },
        ageClasses,
      },
      new Date(row.createdAt),
    );
    const chosen = (row.data['programs'] as string[] | undefined) ?? [];
    const closed = chosen.filter(
      (programId) =>
        !assessed.programs.some((program) => program.programId === programId && program.eligible),
    );
    if (assessed.reasons.length > 0 || closed.length > 0 || chosen.length === 0) {
      refusals.push(
        `${row.name}: ${[...assessed.reasons.map((reason) => reason.code), ...closed.map((id) => `closed ${id}`)].join(', ') || 'no programs'}`,
      );
    }
  }
  return refusals;
}

/** Fields whose moments lie ahead by nature: when events take place and registration or a membership ends. */
const AHEAD = new Set(['date_start', 'date_end', 'registration_deadline', 'term_membership', 'valid_until']);

/** Moments the seed says happened (created, applied, reviewed, paid, cancelled) that are not yet past. */
function aheadOfNow({ rows }: Seeded, now: string): string[] {
  const ahead: string[] = [];
  const walk = (name: string, value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (!AHEAD.has(key) && INSTANT.test(value) && !DATE_FIELD.test(value) && value > now) {
        ahead.push(`${name}: ${key} ${value}`);
      }
    } else if (Array.isArray(value)) {
      for (const entry of value) walk(name, entry, key);
    } else if (value !== null && typeof value === 'object') {
      for (const [field, entry] of Object.entries(value)) walk(name, entry, field);
    }
  };
  for (const row of rows) walk(row.name, { createdAt: row.createdAt, ...row.data }, '');
  return ahead;
}

describe('demo seed on any day', () => {
  let reference: string[] = [];
  beforeAll(async () => {
    reference = choicesOf(await seedOn(DEFAULT_TEST_INSTANT));
  });

  it.each(TODAYS)(
    'makes the same choices on %s, every application one the platform accepts, the journeys’ promises kept',
    async (now) => {
      const seeded = await seedOn(now);
      const choices = choicesOf(seeded);
      expect(choices).toEqual(reference);
      expect(refusalsOf(seeded)).toEqual([]);
      expect(aheadOfNow(seeded, now)).toEqual([]);

      // The platform judges the journeys by the events' seasons: the daughter's class differs by the day, the
      // answers below do not.
      const { journeys } = seeded;
      expect(journeys['parentClubOpen']).toMatchObject({ eligible: true, reasons: [] });
      expect(journeys['parentFederationCup']).toMatchObject({ eligible: true, reasons: [] });
      expect(journeys['parentClubChildren']).toMatchObject({ eligible: false, reasons: [], programs: 0 });
      expect(journeys['sonClubOpen']).toMatchObject({ eligible: true, reasons: [] });
      expect(journeys['sonClubChildren']).toMatchObject({ eligible: true, reasons: [] });
      expect(journeys['daughterClubChildren']).toMatchObject({
        eligible: false,
        reasons: ['minor_without_representative'],
      });
      expect((journeys['daughterClubChildren'] as { programs: number }).programs).toBeGreaterThan(0);
      expect(journeys['expiredClubOpen']).toMatchObject({ eligible: false, reasons: ['membership_expired'] });

      // The family's terms last past every upcoming event; Волкова's ended weeks ago.
      const [sonId = '', daughterId = ''] = demoFamily.childIds;
      const byId = new Map(seeded.rows.map((row) => [row.id, row]));
      const termOf = (id: string) => String(byId.get(id)?.data['term_membership']);
      const lastStart = seeded.rows
        .filter((row) => row.app === platformApps.competitions)
        .map((row) => String(row.data['date_start']))
        .sort()
        .at(-1);
      for (const id of [demoFamily.parentId, ...demoFamily.childIds]) {
        expect(termOf(id) > String(lastStart), id).toBe(true);
      }
      expect(daysBetween(seeded.today, calendarDayOf(termOf(demoAthleteExpired.sportsmanId)))).toBe(
        -demoAthleteExpired.membershipEndedDaysAgo,
      );
      // The family's own requests in many states (the son's entry to the photo/video cup aside).
      const familyStates = (id: string) =>
        seeded.rows
          .filter(
            (row) =>
              row.app === platformApps.requests &&
              row.data['nomenclature_type'] === 'competition' &&
              first<string>(row.data['sportsman']) === id &&
              first<string>(row.data['competition']) !== demoCompetitions.photoVideoCup,
          )
          .map((row) => String(row.data['requestState']))
          .sort();
      expect(familyStates(demoFamily.parentId)).toEqual(['approved', 'new', 'paid']);
      expect(familyStates(sonId)).toEqual(['paid', 'rejected', 'returned', 'under_review']);
      expect(familyStates(daughterId)).toEqual([]);
      // The photo/video cup: the son in two programs, five others in one each, all paid.
      const cupEntries = seeded.rows.filter(
        (row) =>
          row.app === platformApps.requests &&
          row.data['nomenclature_type'] === 'competition' &&
          first<string>(row.data['competition']) === demoCompetitions.photoVideoCup &&
          row.data['requestState'] === 'paid',
      );
      expect(cupEntries.map((row) => (row.data['programs'] as string[]).length).sort()).toEqual([
        1, 1, 1, 1, 1, 2,
      ]);
    },
  );
});
