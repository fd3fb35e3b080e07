import { ManualClock, seasonEnd } from '@fed/calendar';
import { demoFamily } from '@fed/sandbox-fixtures';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesListSchema, noticesPaths } from '@fed/contracts';
import { SMS_SENDER } from '../sms/sms-sender';
import { MembershipRemindersJob } from './membership-reminders.job';
import { OrdersService } from './orders.service';
import { startOrdersApp } from './testing/orders-test-app';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The reminder job against the demo federation, every part of it (the api, the twin, the job) on one clock: the
 * app starts an interval before `start`, so the job's first run is due at `start`.
 */
async function remindersApp(start: string) {
  const clock = new ManualClock(Date.parse(start) - HOUR);
  const t = await startOrdersApp({ orders: { portalPublicUrl: null, reminderIntervalMs: HOUR } }, undefined, {
    clock,
  });
  // Sign the family in once: the login exists and its own sign-in SMS is in the outbox before the job runs.
  await t.signIn(demoFamily.phone);
  /** The family login's notices of a membership ending, newest first (signed in anew: the clock moves on). */
  const endingNotices = async () =>
    noticesListSchema
      .parse(
        (
          await t
            .as(await t.signIn(demoFamily.phone, true))
            .get(noticesPaths.notices)
            .query({ limit: 100 })
            .expect(200)
        ).body,
      )
      .result.filter((notice) => notice.kind === 'membership_ending');
  const outbox = async () =>
    (await request(t.base).get('/sandbox/sms').query({ phone: demoFamily.phone, limit: 500 }).expect(200))
      .body.messages as Array<{ text: string }>;
  /** The parent's membership made to end at `until`, as the platform's staff would write it. */
  async function termUntil(until: string): Promise<string> {
    const listed = await t.platform.send('POST', '/pub/v1/app/sport/memberships/list', {
      filter: { tf: { sportsman: demoFamily.parentId } },
      size: 100,
    });
    const items = (JSON.parse(listed.body.toString()) as { result: { result: Array<{ __id: string }> } })
      .result.result;
    for (const item of items) {
      await t.platform.send('POST', `/pub/v1/app/sport/memberships/${item.__id}/update`, {
        context: { valid_until: until },
      });
    }
    return until;
  }
  const job = t.app.get(MembershipRemindersJob);
  // The test runs the job by hand on its clock: its own timer stops.
  job.onModuleDestroy();
  clock.set(start);
  return {
    t,
    clock,
    job,
    outbox,
    endingNotices,
    termUntil,
    termIn: (days: number) => termUntil(new Date(clock.now() + days * DAY).toISOString()),
  };
}

/**
 * The reminder job: the platform says who is due, the SMS goes through the SMS port into the sandbox outbox, once
 * per athlete and term, by the app's clock, and never at night.
 */
describe('membership reminders by SMS', () => {
  let r: Awaited<ReturnType<typeof remindersApp>>;

  beforeAll(async () => {
    // A Tuesday at noon in Moscow.
    r = await remindersApp('2026-11-24T09:00:00Z');
  }, 60_000);
  afterAll(() => r.t.stop());

  it('sends the most urgent reminder once per athlete and term, every interval by its clock', async () => {
    const { clock, job, outbox } = r;
    const until = await r.termIn(10);
    const before = (await outbox()).length;
    const first = await job.runDue();
    expect(first?.sent).toBe(1);
    const messages = await outbox();
    expect(messages).toHaveLength(before + 1);
    expect(messages[0]?.text).toMatch(
      /^ФКЕ: Членство (в федерации заканчивается|закончится до начала турнира)/,
    );
    const marks = await r.t.store.selectFrom('membership_reminders_sent').selectAll().execute();
    expect(marks).toMatchObject([
      { sportsman_id: demoFamily.parentId, term_until: until, sent_at: clock.now() },
    ]);

    clock.advance(HOUR / 2);
    expect(await job.runDue()).toBeNull();
    clock.advance(HOUR / 2);
    expect(await job.runDue()).toMatchObject({ sent: 0, skipped: 1 });
    expect(await outbox()).toHaveLength(before + 1);

    // A new term (renewed, then nearly over again) is reminded of again, once.
    await r.termIn(12);
    clock.advance(HOUR);
    expect(await job.runDue()).toMatchObject({ sent: 1 });
    clock.advance(HOUR);
    expect(await job.runDue()).toMatchObject({ sent: 0 });
    expect(await outbox()).toHaveLength(before + 2);
  });

  it('does not send when nobody is due', async () => {
    await r.termIn(400);
    r.clock.advance(HOUR);
    expect(await r.job.runDue()).toEqual({ sent: 0, skipped: 0, failed: 0, held: false, noticed: 0 });
  });

  it('tells the athlete on the portal a month and a week before the term ends, once each, by its Moscow days', async () => {
    const { clock, job } = r;
    const before = (await r.endingNotices()).length;
    // 40 days left: no threshold reached (the platform's reminder period is wider than that or not, no notice).
    await r.termIn(40);
    clock.advance(HOUR);
    expect((await job.runDue())?.noticed ?? 0).toBe(0);
    // 30 days left: the month's notice, once, however often the job runs.
    const until = await r.termIn(30);
    for (let run = 0; run < 3; run += 1) {
      clock.advance(HOUR);
      await job.runDue();
    }
    let notices = await r.endingNotices();
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatchObject({
      title: 'Членство заканчивается',
      link: `/apply-membership/${demoFamily.parentId}`,
      recipient: { id: demoFamily.parentId },
    });
    expect(notices[0]?.text).toMatch(
      /^Членство в федерации заканчивается \d{1,2} [а-я]+ \d{4} — через 30 дней\./,
    );
    // A week before the same end: the last call, once.
    clock.set(Date.parse(until) - 7 * DAY + HOUR);
    await job.runDue();
    clock.advance(HOUR);
    await job.runDue();
    notices = await r.endingNotices();
    expect(notices).toHaveLength(before + 2);
    expect(notices[0]?.text).toMatch(/— через 7 дней\./);
    // Two instances of the job at once (the same database): still one notice per threshold.
    const twin = new MembershipRemindersJob(
      r.t.store,
      r.t.platform,
      r.t.app.get(SMS_SENDER),
      r.t.app.get(OrdersService),
      { intervalMs: 0 },
      { now: () => clock.now() },
    );
    clock.advance(DAY);
    await Promise.all([job.run(), twin.run(), job.run()]);
    expect(await r.endingNotices()).toHaveLength(before + 2);
    // A renewed term ending within a week again is a new term: told again.
    clock.set(Date.parse(until) + 300 * DAY);
    await r.termIn(5);
    await Promise.all([job.run(), twin.run()]);
    notices = await r.endingNotices();
    expect(notices).toHaveLength(before + 3);
    expect(notices[0]?.text).toMatch(/— через 5 дней\./);
  });
});

describe('membership reminders at night', () => {
  let r: Awaited<ReturnType<typeof remindersApp>>;

  beforeAll(async () => {
    // 00:05 on 2 December in Moscow (still 1 December in UTC): the 30 days before a calendar-year term's end
    // (31 December, 23:59:59 Moscow time) began five minutes ago.
    r = await remindersApp('2026-12-01T21:05:00Z');
  }, 60_000);
  afterAll(() => r.t.stop());

  it('holds the reminders the season’s end makes due at Moscow midnight until 09:00, then sends them once', async () => {
    const { clock, job, outbox } = r;
    await r.termUntil(seasonEnd(2026).toISOString());
    const before = (await outbox()).length;
    // The SMS waits for the morning; the notice on the portal (and by e-mail) does not.
    expect(await job.runDue()).toEqual({ sent: 0, skipped: 0, failed: 0, held: true, noticed: 1 });
    expect(await r.t.store.selectFrom('membership_reminders_sent').selectAll().execute()).toEqual([]);
    // Every hour of the night it is held again; nothing is sent before 09:00.
    for (let hour = 1; hour <= 8; hour += 1) {
      clock.set(Date.parse('2026-12-01T21:05:00Z') + hour * HOUR);
      const run = await job.runDue();
      if (run) expect(run.held).toBe(true);
    }
    expect(await outbox()).toHaveLength(before);
    // 08:59:59: still quiet; 09:00: the first run of the morning sends it.
    clock.set('2026-12-02T05:59:59Z');
    expect((await job.runDue())?.sent ?? 0).toBe(0);
    clock.set('2026-12-02T06:00:00Z');
    expect(await job.runDue()).toMatchObject({ sent: 1, held: false });
    const [latest] = await outbox();
    expect(latest?.text).toMatch(/^ФКЕ: Членство/);
    expect(await outbox()).toHaveLength(before + 1);
  });

  it('holds them from 22:00, whatever the day', async () => {
    const { clock, job } = r;
    await r.termUntil(new Date(clock.now() + 5 * DAY).toISOString());
    clock.set('2026-12-02T19:00:00Z'); // 22:00 Moscow
    clock.advance(2 * HOUR);
    expect(await job.run()).toMatchObject({ sent: 0, held: true });
  });
});
