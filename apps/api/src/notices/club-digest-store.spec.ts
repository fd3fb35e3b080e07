import { ManualClock } from '@fed/calendar';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, storeDialects } from '../auth/testing/auth-test-app';
import type { AuthDb } from '../store/auth-database';
import {
  createAuthDatabase,
  migrateAuthDatabase,
  type AuthDatabaseTarget,
} from '../store/create-auth-database';
import { CLUB_DIGEST_PERIOD_MS, digestOrganization, recordClubApplication } from './club-digest-store';
import { ClubDigestJob } from './club-digest.job';
import { clubNewApplications } from './notice-drafts';

const HOUR = CLUB_DIGEST_PERIOD_MS;
const CLUB_LOGIN = 'login-club';
const MINUTE = 60_000;
const CLUBS = ['c0de0002-0000-4000-8000-0000000000a1', 'c0de0002-0000-4000-8000-0000000000a2'] as const;
const EVENTS = [
  { id: 'c0de0003-0000-4000-8000-0000000000e1', name: 'Открытый турнир клуба' },
  { id: 'c0de0003-0000-4000-8000-0000000000e2', name: 'Осенний кубок' },
] as const;

describe('the club digest’s text', () => {
  const entry = (event: (typeof EVENTS)[number], kind: 'new' | 'resent' = 'new') => ({
    kind,
    competitionId: event.id,
    competitionName: event.name,
  });
  const [open, autumn] = EVENTS;

  it('counts each event with the Russian plural, the busiest first', () => {
    const draft = clubNewApplications(CLUBS[0], 'Клуб', 0, [entry(autumn), entry(open), entry(open)]);
    expect(draft.text).toBe(
      'Новые заявки: 3 — «Открытый турнир клуба» (2 заявки), «Осенний кубок» (1 заявка).',
    );
    expect(draft).toMatchObject({
      kind: 'club_new_applications',
      title: 'Новые заявки на мероприятия',
      link: '/profile',
      recipientId: CLUBS[0],
      dedupeKey: `club_new_applications:${CLUBS[0]}:0`,
    });
    const five = clubNewApplications(
      CLUBS[0],
      'Клуб',
      0,
      Array.from({ length: 5 }, () => entry(open)),
    );
    expect(five.text).toBe('Новые заявки: 5 — «Открытый турнир клуба» (5 заявок).');
    const many = clubNewApplications(
      CLUBS[0],
      'Клуб',
      0,
      Array.from({ length: 21 }, () => entry(open)),
    );
    expect(many.text).toBe('Новые заявки: 21 — «Открытый турнир клуба» (21 заявка).');
  });

  it('tells of applications corrected after a return in a sentence of their own', () => {
    const draft = clubNewApplications(CLUBS[0], 'Клуб', 0, [entry(open), entry(autumn, 'resent')]);
    expect(draft.text).toBe(
      'Новые заявки: 1 — «Открытый турнир клуба» (1 заявка). Исправлены после возврата: 1 — «Осенний кубок» (1 заявка).',
    );
  });

  it('names five events at most and counts the rest', () => {
    const events = Array.from({ length: 7 }, (_, index) => ({
      kind: 'new' as const,
      competitionId: `event-${index}`,
      competitionName: `Турнир ${index}`,
    }));
    expect(clubNewApplications(CLUBS[0], 'Клуб', 0, events).text).toMatch(
      /«Турнир 4» \(1 заявка\), и ещё 2 мероприятия\.$/,
    );
  });
});

/**
 * The digest's claim on the store itself, two job instances on one store (SQLite; PostgreSQL with
 * `TEST_DATABASE_URL`, each on its own connection): never two digests to a club within the hour, every
 * application told once.
 */
describe.each(storeDialects)('the club digest’s claim ($dialect)', ({ dialect, available }) => {
  let target: AuthDatabaseTarget;
  let drop: () => Promise<void>;
  let dir: string;
  let clock: ManualClock;
  let connections: AuthDb[] = [];
  const jobOn = (db: AuthDb) => new ClubDigestJob(db, clock, { intervalMs: 0 });
  let counter = 0;

  async function apply(db: AuthDb, club: string, event: (typeof EVENTS)[number]): Promise<string> {
    counter += 1;
    const requestId = `request-${counter}`;
    await recordClubApplication(
      db,
      {
        entryKey: requestId,
        requestId,
        kind: 'new',
        organizationId: club,
        competitionId: event.id,
        competitionName: event.name,
        sportsmanName: 'Соколов Андрей Викторович',
      },
      clock.now(),
    );
    return requestId;
  }

  const digestsOf = (db: AuthDb, club: string) =>
    db
      .selectFrom('notices')
      .selectAll()
      .where('kind', '=', 'club_new_applications')
      .where('recipient_id', '=', club)
      .orderBy('created_at')
      .execute();

  beforeEach(async () => {
    if (!available) return;
    dir = mkdtempSync(join(tmpdir(), 'club-digest-'));
    if (dialect === 'sqlite') {
      // A file, not memory: two connections must see one store.
      target = { kind: 'sqlite', file: join(dir, 'store.sqlite') };
      drop = () => Promise.resolve();
    } else {
      ({ target, drop } = await freshDatabase(dialect));
    }
    const first = createAuthDatabase(target);
    // better-sqlite3 is synchronous: a second connection in this process would wait for the lock in a busy loop
    // that blocks the very thread the first one's transaction needs. Two instances on SQLite share one (its
    // transactions queue); PostgreSQL gets two real connections racing.
    connections = [first, dialect === 'sqlite' ? first : createAuthDatabase(target)];
    await migrateAuthDatabase(connections[0] as AuthDb);
    clock = new ManualClock('2026-06-17T09:00:00.000Z');
    // The first club has a login on the portal; the second has none yet (its digests wait on the portal).
    const db = connections[0] as AuthDb;
    const now = clock.now();
    await db
      .insertInto('logins')
      .values({
        id: CLUB_LOGIN,
        phone: '+79990000003',
        primary_type: 'organization',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('login_contractors')
      .values({
        contractor_id: CLUBS[0],
        login_id: CLUB_LOGIN,
        contractor_type: 'organization',
        created_at: now,
      })
      .execute();
  }, 30_000);
  afterEach(async () => {
    if (!available) return;
    for (const opened of new Set(connections.splice(0))) await opened.destroy();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it.skipIf(!available)('records an application once however often it is seen', async () => {
    const [a, b] = connections as [AuthDb, AuthDb];
    const entry = {
      entryKey: 'request-x',
      requestId: 'request-x',
      kind: 'new' as const,
      organizationId: CLUBS[0],
      competitionId: EVENTS[0].id,
      competitionName: EVENTS[0].name,
      sportsmanName: 'Соколов Андрей Викторович',
    };
    const written = await Promise.all([
      recordClubApplication(a, entry, clock.now()),
      recordClubApplication(b, entry, clock.now()),
      recordClubApplication(a, entry, clock.now()),
    ]);
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await a.selectFrom('club_applications').selectAll().execute()).toHaveLength(1);
  });

  it.skipIf(!available)('two instances running at the same moment write one digest', async () => {
    const [a, b] = connections as [AuthDb, AuthDb];
    await apply(a, CLUBS[0], EVENTS[0]);
    await apply(b, CLUBS[0], EVENTS[1]);
    await apply(a, CLUBS[1], EVENTS[0]);
    const runs = await Promise.all([jobOn(a).run(), jobOn(b).run(), jobOn(a).run()]);
    expect(runs.reduce((sum, run) => sum + run.written, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0);
    const [digest, ...more] = await digestsOf(a, CLUBS[0]);
    expect(more).toHaveLength(0);
    expect(JSON.parse(digest?.payload ?? '{}').text).toMatch(/^Новые заявки: 2 — /);
    expect(await digestsOf(a, CLUBS[1])).toHaveLength(1);
    expect(digest?.login_id).toBe(CLUB_LOGIN);
    // The outbox has its e-mail row, once (not urgent: no SMS).
    const rows = await a
      .selectFrom('outbox')
      .selectAll()
      .where('notice_id', '=', digest?.id ?? '')
      .execute();
    expect(rows.map((row) => row.channel)).toEqual(['email']);
  });

  it.skipIf(!available)(
    'holds a club’s next digest until an hour after its last, then tells only of the new applications',
    async () => {
      const [a, b] = connections as [AuthDb, AuthDb];
      await apply(a, CLUBS[0], EVENTS[0]);
      expect((await jobOn(a).run()).written).toBe(1);
      clock.advance(20 * MINUTE);
      await apply(b, CLUBS[0], EVENTS[1]);
      await apply(b, CLUBS[0], EVENTS[1]);
      expect((await Promise.all([jobOn(a).run(), jobOn(b).run()])).map((run) => run.written)).toEqual([0, 0]);
      // The claim itself refuses, not only the job's choice of whom to digest.
      expect(await digestOrganization(a, CLUBS[0], 'Клуб', clock.now())).toBeNull();
      clock.advance(HOUR - 20 * MINUTE - 1);
      expect((await jobOn(b).run()).written).toBe(0);
      expect(await digestOrganization(b, CLUBS[0], 'Клуб', clock.now())).toBeNull();
      clock.advance(1);
      expect((await Promise.all([jobOn(a).run(), jobOn(b).run()])).map((run) => run.written).sort()).toEqual([
        0, 1,
      ]);
      const digests = await digestsOf(a, CLUBS[0]);
      expect(digests.map((notice) => JSON.parse(notice.payload).text)).toEqual([
        'Новые заявки: 1 — «Открытый турнир клуба» (1 заявка).',
        'Новые заявки: 2 — «Осенний кубок» (2 заявки).',
      ]);
      expect((digests[1]?.created_at ?? 0) - (digests[0]?.created_at ?? 0)).toBe(HOUR);
      // Nothing new: nothing written, and the claim is not spent (a later application is told at once).
      clock.advance(2 * HOUR);
      expect((await jobOn(a).run()).written).toBe(0);
      clock.advance(MINUTE);
      await apply(a, CLUBS[0], EVENTS[0]);
      expect((await jobOn(b).run()).written).toBe(1);
    },
  );

  it.skipIf(!available)(
    'never two digests to a club within an hour, every application in exactly one (any interleaving)',
    async () => {
      type Step =
        | { kind: 'apply'; club: number; event: number; via: number; count: number }
        | { kind: 'run'; both: boolean }
        // Straight to the claim, past the job's choice of who is due: the claim alone must hold.
        | { kind: 'claim'; club: number }
        | { kind: 'tick'; ms: number };
      const step: fc.Arbitrary<Step> = fc.oneof(
        fc.record({
          kind: fc.constant('apply' as const),
          club: fc.nat(1),
          event: fc.nat(1),
          via: fc.nat(1),
          count: fc.integer({ min: 1, max: 3 }),
        }),
        fc.record({ kind: fc.constant('run' as const), both: fc.boolean() }),
        fc.record({ kind: fc.constant('claim' as const), club: fc.nat(1) }),
        fc.record({
          kind: fc.constant('tick' as const),
          ms: fc.constantFrom(MINUTE, 25 * MINUTE, HOUR - 1, HOUR),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
          const [a, b] = connections as [AuthDb, AuthDb];
          await a.deleteFrom('club_applications').execute();
          await a.deleteFrom('club_digests').execute();
          await a.deleteFrom('notices').execute();
          const jobs = [jobOn(a), jobOn(b)];
          const run = async (what: Step): Promise<unknown> => {
            if (what.kind === 'tick') return clock.advance(what.ms);
            if (what.kind === 'claim') {
              const club = CLUBS[what.club] ?? '';
              return Promise.all([a, b].map((db) => digestOrganization(db, club, 'Клуб', clock.now())));
            }
            if (what.kind === 'run') {
              return what.both ? Promise.all(jobs.map((job) => job.run())) : jobs[0]?.run();
            }
            const db = what.via === 0 ? a : b;
            return Promise.all(
              Array.from({ length: what.count }, () =>
                apply(db, CLUBS[what.club] ?? '', EVENTS[what.event] ?? EVENTS[0]),
              ),
            );
          };
          // Two steps at a time run concurrently: an application may land while a digest is being written.
          for (let index = 0; index < steps.length; index += 2) {
            await Promise.all(steps.slice(index, index + 2).map(run));
          }
          // Eventually: an hour on, a run tells every club of what is left.
          clock.advance(HOUR);
          await Promise.all(jobs.map((job) => job.run()));
          const entries = await a.selectFrom('club_applications').selectAll().execute();
          expect(entries.filter((entry) => entry.digest_id === null)).toEqual([]);
          for (const club of CLUBS) {
            const digests = await digestsOf(a, club);
            for (let index = 1; index < digests.length; index += 1) {
              const gap = (digests[index]?.created_at ?? 0) - (digests[index - 1]?.created_at ?? 0);
              expect(gap).toBeGreaterThanOrEqual(HOUR);
            }
            // Each digest counts exactly the applications marked with it, all the club's own.
            for (const digest of digests) {
              const told = entries.filter((entry) => entry.digest_id === digest.id);
              expect(told.every((entry) => entry.organization_id === club)).toBe(true);
              expect(JSON.parse(digest.payload).text).toMatch(new RegExp(`^Новые заявки: ${told.length} — `));
            }
            const clubEntries = entries.filter((entry) => entry.organization_id === club);
            expect(new Set(clubEntries.map((entry) => entry.digest_id)).size).toBe(digests.length);
          }
        }),
        { numRuns: 30 },
      );
    },
  );
});
