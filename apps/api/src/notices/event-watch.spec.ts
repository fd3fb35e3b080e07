import { formatDateRange, ManualClock } from '@fed/calendar';
import {
  noticesListSchema,
  noticesPaths,
  PLATFORM_NAMESPACE,
  platformApps,
  platformScripts,
  type Notice,
} from '@fed/contracts';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase, storeDialects } from '../auth/testing/auth-test-app';
import {
  applyToEvent,
  startOrdersApp,
  type OrdersApp,
  type OrdersClient,
} from '../orders/testing/orders-test-app';
import type { AuthDb } from '../store/auth-database';
import { createAuthDatabase } from '../store/create-auth-database';
import { EventWatchJob } from './event-watch.job';

const DAY = 24 * 3_600_000;
/** 23:00 in Moscow (UTC+3): an SMS written now is due at 09:00 the next morning. */
const MOSCOW_23 = '2026-06-17T20:00:00.000Z';
const MOSCOW_NEXT_09 = Date.parse('2026-06-18T06:00:00.000Z');

/**
 * The event watch through the whole api and its twins, on one manual clock: staff change an event on the
 * platform twin (its app-item update, as they would on the platform), the job runs, and the entrants' logins
 * find the notices in their lists — once, whoever runs it and however often.
 */
describe.each(storeDialects)('the event watch ($dialect)', ({ dialect, available }) => {
  let t: OrdersApp;
  let clock: ManualClock;
  let family: OrdersClient;
  let expired: OrdersClient;
  let club: OrdersClient;
  let job: EventWatchJob;
  let drop: () => Promise<void> = () => Promise.resolve();
  const extraDbs: AuthDb[] = [];

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(dialect);
    drop = fresh.drop;
    clock = new ManualClock(MOSCOW_23);
    t = await startOrdersApp({ notices: { intervalMs: 0 } }, fresh.target, { clock });
    family = t.as(await t.signIn(demoFamily.phone));
    expired = t.as(await t.signIn(demoAthleteExpired.phone));
    club = t.as(await t.signIn(demoClub.phone));
    job = t.app.get(EventWatchJob);
  }, 60_000);
  afterAll(async () => {
    if (!available) return;
    for (const db of extraDbs.splice(0)) await db.destroy();
    await t.stop();
    await drop();
  });

  /** Another job on the same store, as a second api instance has (on PostgreSQL, its own connections too). */
  const secondJob = (): EventWatchJob => {
    let db = t.store;
    if (dialect === 'postgres') {
      db = createAuthDatabase(t.config.auth.database);
      extraDbs.push(db);
    }
    return new EventWatchJob(db, t.platform, { intervalMs: 0 }, clock);
  };

  const eventNotices = async (who: OrdersClient): Promise<Notice[]> =>
    noticesListSchema
      .parse((await who.get(`${noticesPaths.notices}?limit=100`).expect(200)).body)
      .result.filter((notice) => notice.kind === 'event_changed' || notice.kind === 'event_cancelled');
  const storedNotices = (eventId: string) =>
    t.store
      .selectFrom('notices')
      .select(['id', 'recipient_id', 'kind', 'dedupe_key', 'login_id'])
      .where('link', '=', `/competitions/${eventId}`)
      .execute();

  const eventOf = async (id: string) => (await t.platform.runScript('getEventById', { id })).data;
  /** The athletes with a live entry to an event, as the platform lists its requests. */
  const liveEntrants = async (competitionId: string) =>
    new Set(
      (
        await t.platform.runScript('getCompetitionRequests', {
          competitionId,
          requestState: '',
          query: '',
          size: 100,
        })
      ).result
        .filter((request) => request.requestState !== 'cancelled' && request.requestState !== 'rejected')
        .map((request) => request.sportsman[0]),
    );
  /** Staff change the event on the platform: the twin's app-item update. */
  async function staffUpdate(eventId: string, context: Record<string, unknown>): Promise<void> {
    const answer = await t.platform.send(
      'POST',
      `/pub/v1/app/${PLATFORM_NAMESPACE}/${platformApps.competitions}/${eventId}/update`,
      { context },
    );
    expect(answer.status).toBe(200);
  }
  /** The event moved to start `days` after `from`, lasting `length` days. */
  async function moveEvent(eventId: string, from: string, days: number, length = 1) {
    const start = new Date(Date.parse(from) + days * DAY).toISOString();
    const end = new Date(Date.parse(start) + length * DAY).toISOString();
    await staffUpdate(eventId, { date_start: start, date_end: end });
    return { start, end };
  }

  it.skipIf(!available)('stores what it sees first and tells nobody', async () => {
    const run = await job.run();
    expect(run.events).toBeGreaterThan(3);
    expect(run).toMatchObject({ firstSeen: run.events, changes: 0, notices: 0, failed: 0 });
    const snapshots = await t.store.selectFrom('event_watch').selectAll().execute();
    expect(snapshots).toHaveLength(run.events);
    expect(snapshots.map((row) => row.event_id)).toContain(demoCompetitions.photoVideoCup);
    expect(await storedNotices(demoCompetitions.photoVideoCup)).toEqual([]);
    // Nothing changed: the second run tells nothing either.
    expect(await job.run()).toMatchObject({ firstSeen: 0, changes: 0, notices: 0 });
  });

  let firstDates: { start: string; end: string };

  it.skipIf(!available)(
    'tells each entrant once when staff move an entered event, and nobody else',
    async () => {
      const cup = demoCompetitions.photoVideoCup;
      const [son] = demoFamily.childIds;
      const before = await eventOf(cup);
      const entrants = await liveEntrants(cup);
      expect(entrants.has(son)).toBe(true);

      firstDates = await moveEvent(cup, before.date_start, 7, 2);
      const run = await job.run();
      expect(run).toMatchObject({ changes: 1, notices: entrants.size, failed: 0 });

      const told = (await eventNotices(family)).filter((notice) => notice.link === `/competitions/${cup}`);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        kind: 'event_changed',
        title: 'Изменились даты мероприятия',
        text: `Мероприятие «${before.__name}» перенесено: новые даты ${formatDateRange(firstDates.start, firstDates.end)}.`,
        recipient: { id: son },
      });
      expect(told[0]?.text).toMatch(/новые даты \d+–\d+ [а-я]+ \d{4}\.$/);
      // Every live entrant once (the others have no login: theirs wait for one); no other login sees any.
      const stored = await storedNotices(cup);
      expect(new Set(stored.map((row) => row.recipient_id))).toEqual(entrants);
      expect(stored).toHaveLength(entrants.size);
      expect(await eventNotices(expired)).toEqual([]);
      expect(await eventNotices(club)).toEqual([]);
      // Not urgent: e-mail only, no SMS.
      const channels = await t.store
        .selectFrom('outbox')
        .select('channel')
        .where('notice_id', '=', told[0]?.id ?? '')
        .execute();
      expect(channels.map((row) => row.channel)).toEqual(['email']);

      // Run again: nothing new.
      expect(await job.run()).toMatchObject({ changes: 0, notices: 0 });
      expect(await storedNotices(cup)).toHaveLength(entrants.size);

      // Moved again: told again; and moved back to the dates of the first notice: told again too.
      // A minute between the changes: the list is newest first by the time written.
      clock.advance(60_000);
      const second = await moveEvent(cup, before.date_start, 14);
      expect(await job.run()).toMatchObject({ changes: 1, notices: entrants.size });
      clock.advance(60_000);
      await staffUpdate(cup, { date_start: firstDates.start, date_end: firstDates.end });
      expect(await job.run()).toMatchObject({ changes: 1, notices: entrants.size });
      const all = (await eventNotices(family)).filter((notice) => notice.link === `/competitions/${cup}`);
      expect(all.map((notice) => notice.text)).toEqual([
        told[0]?.text,
        `Мероприятие «${before.__name}» перенесено: новые даты ${formatDateRange(second.start, second.end)}.`,
        told[0]?.text,
      ]);
    },
  );

  it.skipIf(!available)(
    'tells of a cancellation by SMS too, held until 09:00 at night, and the platform takes no new application',
    async () => {
      const open = demoCompetitions.clubOpen;
      const { request } = await applyToEvent(family, demoFamily.parentId, open);
      expect(request.requestState).toBe('new');
      const event = await eventOf(open);
      await staffUpdate(open, { cancelled: true });
      const run = await job.run();
      expect(run).toMatchObject({ changes: 1, failed: 0 });
      expect(run.notices).toBeGreaterThan(0);

      const told = (await eventNotices(family)).filter((notice) => notice.link === `/competitions/${open}`);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        kind: 'event_cancelled',
        title: 'Мероприятие отменено',
        text: `Мероприятие «${event.__name}» (${formatDateRange(event.date_start, event.date_end)}) отменено.`,
        recipient: { id: demoFamily.parentId },
      });
      const outbox = await t.store
        .selectFrom('outbox')
        .select(['channel', 'state', 'next_attempt_at'])
        .where('notice_id', '=', told[0]?.id ?? '')
        .orderBy('channel')
        .execute();
      expect(outbox).toEqual([
        { channel: 'email', state: 'due', next_attempt_at: clock.now() },
        { channel: 'sms', state: 'due', next_attempt_at: MOSCOW_NEXT_09 },
      ]);
      // Only live entries are told: nobody's notice for a withdrawn or rejected request.
      const requests = (
        await t.platform.runScript('getCompetitionRequests', {
          competitionId: open,
          requestState: '',
          query: '',
          size: 100,
        })
      ).result;
      const live = new Set(
        requests
          .filter((entry) => entry.requestState !== 'cancelled' && entry.requestState !== 'rejected')
          .map((entry) => entry.sportsman[0]),
      );
      expect(new Set((await storedNotices(open)).map((row) => row.recipient_id))).toEqual(live);
      expect(await job.run()).toMatchObject({ changes: 0, notices: 0 });

      // The platform refuses a new application, saying why.
      const [, daughter] = demoFamily.childIds;
      const eligibility = platformScripts.getApplicationEligibility.output.parse(
        (
          await family
            .script('getApplicationEligibility', { sportsmanId: daughter, competitionId: open })
            .expect(200)
        ).body,
      ).data;
      expect(eligibility.eligible).toBe(false);
      expect(eligibility.reasons[0]).toEqual({ code: 'event_cancelled', message: 'Мероприятие отменено' });
      const program = event.programs[0]?.__id ?? '';
      const refused = await family.script('createApplication', {
        sportsmanId: daughter,
        competitionId: open,
        programIds: [program],
        coach: null,
        acceptOffer: true,
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(refused.body)).toContain('Мероприятие отменено');
    },
  );

  it.skipIf(!available)('tells once when two instances run at the same time', async () => {
    const children = demoCompetitions.clubChildren;
    const [son] = demoFamily.childIds;
    await applyToEvent(family, son, children);
    const other = secondJob();
    const before = await eventOf(children);
    await moveEvent(children, before.date_start, 3);
    const runs = await Promise.all([job.run(), other.run()]);
    expect(runs.reduce((sum, run) => sum + run.changes, 0)).toBe(1);
    const stored = await storedNotices(children);
    const perAthlete = new Map<string, number>();
    for (const row of stored) perAthlete.set(row.recipient_id, (perAthlete.get(row.recipient_id) ?? 0) + 1);
    expect(perAthlete.get(son)).toBe(1);
    expect([...perAthlete.values()].every((count) => count === 1)).toBe(true);
    expect(
      (await eventNotices(family)).filter((notice) => notice.link === `/competitions/${children}`),
    ).toHaveLength(1);
  });

  it.skipIf(!available)(
    'tells each change it sees once per entrant, however runs of two instances and changes interleave',
    async () => {
      const cup = demoCompetitions.federationCup;
      await applyToEvent(family, demoFamily.parentId, cup);
      const jobs = [job, secondJob()] as const;
      const base = await eventOf(cup);
      const entrants = await liveEntrants(cup);
      const dates = [0, 1, 5].map((days) => ({
        date_start: new Date(Date.parse(base.date_start) + days * DAY).toISOString(),
        date_end: new Date(Date.parse(base.date_end) + days * DAY).toISOString(),
      }));
      type Step =
        { kind: 'move'; to: number } | { kind: 'cancel'; on: boolean } | { kind: 'run'; who: 0 | 1 | 2 };
      const step: fc.Arbitrary<Step> = fc.oneof(
        fc.record({ kind: fc.constant('move' as const), to: fc.integer({ min: 0, max: 2 }) }),
        fc.record({ kind: fc.constant('cancel' as const), on: fc.boolean() }),
        // 0, 1: one instance; 2: both at once.
        fc.record({
          kind: fc.constant('run' as const),
          who: fc.constantFrom(0 as const, 1 as const, 2 as const),
        }),
      );
      /** Platform state as the model holds it: the dates' index and the cancellation. */
      type State = { at: number; cancelled: boolean };
      const same = (a: State, b: State) => a.at === b.at && a.cancelled === b.cancelled;

      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          // Each case starts from the base dates, not cancelled, and the watch knowing it.
          await staffUpdate(cup, { ...dates[0], cancelled: null });
          await job.run();
          const start = (await storedNotices(cup)).length;
          let platform: State = { at: 0, cancelled: false };
          let told: State = { ...platform };
          let expected = 0;
          for (const next of steps) {
            if (next.kind === 'move') {
              platform = { ...platform, at: next.to };
              await staffUpdate(cup, dates[next.to] ?? {});
            } else if (next.kind === 'cancel') {
              platform = { ...platform, cancelled: next.on };
              await staffUpdate(cup, { cancelled: next.on ? true : null });
            } else {
              await (next.who === 2 ? Promise.all([jobs[0].run(), jobs[1].run()]) : jobs[next.who].run());
              if (!same(platform, told)) {
                // Told unless it was cancelled before and still is (moved dates of a cancelled event).
                if (!(platform.cancelled && told.cancelled)) expected += 1;
                told = { ...platform };
              }
            }
          }
          const stored = await storedNotices(cup);
          expect(stored.length - start).toBe(expected * entrants.size);
          expect(new Set(stored.map((row) => row.dedupe_key)).size).toBe(stored.length);
        }),
        { numRuns: 12 },
      );
    },
    120_000,
  );
});

describe('the event watch’s first run', () => {
  it('comes 30 s after the start, not a whole interval later, then every interval', async () => {
    const clock = new ManualClock('2026-12-31T21:00:00Z');
    // Only the schedule is under test: the store and the platform are never reached (the run is stubbed).
    const job = new EventWatchJob(
      null as unknown as AuthDb,
      null as unknown as ConstructorParameters<typeof EventWatchJob>[1],
      { intervalMs: 15 * 60_000 },
      clock,
    );
    const run = vi.spyOn(job, 'run').mockResolvedValue({
      events: 0,
      firstSeen: 0,
      changes: 0,
      notices: 0,
      raced: 0,
      failed: 0,
    });
    job.onModuleInit();
    try {
      clock.advance(29_000);
      expect(await job.runDue()).toBeNull();
      clock.advance(1_000);
      expect(await job.runDue()).not.toBeNull();
      clock.advance(14 * 60_000);
      expect(await job.runDue()).toBeNull();
      clock.advance(60_000);
      expect(await job.runDue()).not.toBeNull();
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      job.onModuleDestroy();
    }
  });
});
