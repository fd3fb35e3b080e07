import { DEFAULT_TEST_INSTANT, ManualClock } from '@fed/calendar';
import { noticesListSchema, noticesPaths, platformScripts, type Notice } from '@fed/contracts';
import { demoClub, demoCompetitions, demoFamily, demoFederation } from '@fed/sandbox-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, storeDialects } from '../auth/testing/auth-test-app';
import {
  applyToEvent,
  startOrdersApp,
  type OrdersApp,
  type OrdersClient,
} from '../orders/testing/orders-test-app';
import { CLUB_DIGEST_PERIOD_MS } from './club-digest-store';
import { ClubDigestJob } from './club-digest.job';

const HOUR = CLUB_DIGEST_PERIOD_MS;
const MINUTE = 60_000;

/**
 * A club's digest of new applications through HTTP, the whole api and its twins on one manual clock: the demo
 * family applies to the demo club's events through the proxy, the job (run by hand) tells the club once an
 * hour at most, and nobody else.
 */
describe.each(storeDialects)('a club’s digest of new applications ($dialect)', ({ dialect, available }) => {
  let t: OrdersApp;
  let clock: ManualClock;
  let job: ClubDigestJob;
  let drop: () => Promise<void> = () => Promise.resolve();
  const [son, daughter] = demoFamily.childIds;

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(dialect);
    drop = fresh.drop;
    clock = new ManualClock(DEFAULT_TEST_INSTANT);
    t = await startOrdersApp({ notices: { intervalMs: 0 } }, fresh.target, { clock });
    job = t.app.get(ClubDigestJob);
  }, 60_000);
  afterAll(async () => {
    if (!available) return;
    await t.stop();
    await drop();
  });

  const signedIn = new Map<string, { client: OrdersClient; at: number }>();
  /** Signed in, again once the manual clock has gone past most of a token's 15 minutes. */
  const as = async (phone: string): Promise<OrdersClient> => {
    const known = signedIn.get(phone);
    if (known && clock.now() - known.at < 10 * MINUTE) return known.client;
    const client = t.as(await t.signIn(phone, known !== undefined));
    signedIn.set(phone, { client, at: clock.now() });
    return client;
  };
  /** The club turns an application down (under review, unless it is, then rejected): the athlete may apply to it anew. */
  const reject = async (requestId: string, underReview = false) => {
    const club = await as(demoClub.phone);
    if (!underReview) {
      await club
        .script('changeCompetitionRequestState', { requestId, requestState: 'under_review' })
        .expect(200);
    }
    await club
      .script('changeCompetitionRequestState', { requestId, requestState: 'rejected', reason: 'Мест нет' })
      .expect(200);
  };
  const digests = async (who: OrdersClient): Promise<Notice[]> =>
    noticesListSchema
      .parse((await who.get(noticesPaths.notices).expect(200)).body)
      .result.filter((notice) => notice.kind === 'club_new_applications');
  const entries = () => t.store.selectFrom('club_applications').selectAll().execute();

  let openName = '';
  let childrenName = '';
  let parentOpen = '';
  let sonOpen = '';
  let sonChildren = '';

  it.skipIf(!available)(
    'tells the club once of the applications to its events, naming each event and its count',
    async () => {
      const family = await as(demoFamily.phone);
      const opened = await applyToEvent(family, demoFamily.parentId, demoCompetitions.clubOpen);
      sonOpen = (await applyToEvent(family, son, demoCompetitions.clubOpen)).request.__id;
      const children = await applyToEvent(family, son, demoCompetitions.clubChildren);
      parentOpen = opened.request.__id;
      sonChildren = children.request.__id;
      openName = opened.request.competitionName;
      childrenName = children.request.competitionName;
      // The federation's own cup: its digest, not the club's.
      await applyToEvent(family, demoFamily.parentId, demoCompetitions.federationCup);

      const run = await job.run();
      expect(run).toMatchObject({ written: 2, applications: 4, failed: 0 });
      const club = await as(demoClub.phone);
      const told = await digests(club);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        title: 'Новые заявки на мероприятия',
        text: `Новые заявки: 3 — «${openName}» (2 заявки), «${childrenName}» (1 заявка).`,
        link: '/profile',
        recipient: { id: demoClub.organizationId },
        readAt: null,
      });
      const federation = await as(demoFederation.phone);
      const federationTold = await digests(federation);
      expect(federationTold).toHaveLength(1);
      expect(federationTold[0]?.text).toMatch(/^Новые заявки: 1 — «.+» \(1 заявка\)\.$/);
      // The athlete's login sees neither.
      expect(await digests(family)).toEqual([]);
      // Run again at once, or by another instance: nothing more.
      expect((await job.run()).written).toBe(0);
      expect(await digests(club)).toHaveLength(1);
    },
  );

  it.skipIf(!available)('records nothing of an application the platform refuses', async () => {
    const family = await as(demoFamily.phone);
    const before = (await entries()).length;
    // The daughter has no legal representative: the platform refuses her.
    const eligibility = platformScripts.getApplicationEligibility.output.parse(
      (
        await family
          .script('getApplicationEligibility', {
            sportsmanId: daughter,
            competitionId: demoCompetitions.clubChildren,
          })
          .expect(200)
      ).body,
    ).data;
    const program = eligibility.programs[0]?.programId ?? '';
    const refused = await family.script('createApplication', {
      sportsmanId: daughter,
      competitionId: demoCompetitions.clubChildren,
      programIds: [program],
      coach: null,
      acceptOffer: true,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // The parent has a live application to the open tournament already: a second one is refused.
    await expect(applyToEvent(family, demoFamily.parentId, demoCompetitions.clubOpen)).rejects.toThrow(
      /уже есть действующая заявка/,
    );
    expect((await entries()).length).toBe(before);
    expect((await job.run()).written).toBe(0);
  });

  it.skipIf(!available)(
    'holds more applications within the hour, then tells of just those, corrections after a return too',
    async () => {
      clock.advance(10 * MINUTE);
      const family = await as(demoFamily.phone);
      // The club returns the parent's application; the athlete corrects it and sends it back to review.
      const club = await as(demoClub.phone);
      await club
        .script('changeCompetitionRequestState', { requestId: parentOpen, requestState: 'under_review' })
        .expect(200);
      await club
        .script('changeCompetitionRequestState', {
          requestId: parentOpen,
          requestState: 'returned',
          reason: 'Укажите другую программу',
        })
        .expect(200);
      const programs = (await family.script('getApplicationById', { id: parentOpen }).expect(200)).body.data
        .programs as string[];
      await family
        .script('updateApplication', { requestId: parentOpen, programIds: programs, coach: null })
        .expect(200);
      // The son's application to the children's championship turned down, he applies anew.
      await reject(sonChildren);
      sonChildren = (await applyToEvent(family, son, demoCompetitions.clubChildren)).request.__id;
      expect((await job.run()).written).toBe(0);
      clock.advance(HOUR - 10 * MINUTE - 1);
      expect((await job.run()).written).toBe(0);
      expect(await digests(await as(demoClub.phone))).toHaveLength(1);

      clock.advance(1);
      expect((await job.run()).written).toBe(1);
      const told = await digests(await as(demoClub.phone));
      expect(told).toHaveLength(2);
      expect(told[0]?.text).toBe(
        `Новые заявки: 1 — «${childrenName}» (1 заявка). Исправлены после возврата: 1 — «${openName}» (1 заявка).`,
      );
      expect(await digests(await as(demoFamily.phone))).toEqual([]);
    },
  );

  it.skipIf(!available)(
    'counts applications made at once by real HTTP calls, each once, in one digest of two racing instances',
    async () => {
      clock.advance(HOUR);
      // Every live application of the family to the club's events turned down: each athlete may apply anew.
      await reject(parentOpen, true);
      await reject(sonOpen);
      await reject(sonChildren);
      const family = await as(demoFamily.phone);
      const made = await Promise.all([
        applyToEvent(family, demoFamily.parentId, demoCompetitions.clubOpen),
        applyToEvent(family, son, demoCompetitions.clubOpen),
        applyToEvent(family, son, demoCompetitions.clubChildren),
      ]);
      const ids = new Set(made.map(({ request }) => request.__id));
      expect(ids.size).toBe(3);
      const recorded = (await entries()).filter((entry) => ids.has(entry.request_id));
      expect(recorded).toHaveLength(3);
      expect(recorded.every((entry) => entry.organization_id === demoClub.organizationId)).toBe(true);

      // A second instance of the job on the same store, both at the same moment.
      const other = new ClubDigestJob(t.store, clock, { intervalMs: 0 }, t.platform);
      const runs = await Promise.all([job.run(), other.run()]);
      expect(runs.map((run) => run.written).sort()).toEqual([0, 1]);
      const told = await digests(await as(demoClub.phone));
      expect(told).toHaveLength(3);
      expect(told[0]?.text).toBe(`Новые заявки: 3 — «${openName}» (2 заявки), «${childrenName}» (1 заявка).`);
      const marked = (await entries()).filter((entry) => ids.has(entry.request_id));
      expect(new Set(marked.map((entry) => entry.digest_id)).size).toBe(1);
      expect(marked[0]?.digest_id).toBe(told[0]?.id);
    },
  );
});
