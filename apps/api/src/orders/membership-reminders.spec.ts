import { demoFamily } from '@fed/sandbox-fixtures';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_SENDER, type SmsSender } from '../sms/sms-sender';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { PlatformClient } from '../platform/platform-client';
import { MembershipRemindersJob } from './membership-reminders.job';
import { OrdersService } from './orders.service';
import { startOrdersApp, type OrdersApp } from './testing/orders-test-app';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The reminder job against the demo federation: the platform says who is due, the SMS goes through the SMS
 * port into the sandbox outbox, once per athlete and term, on the job's own (moved) clock.
 */
describe('membership reminders by SMS', () => {
  let t: OrdersApp;
  let job: MembershipRemindersJob;
  let now = Date.parse('2026-11-24T09:00:00Z');

  const outbox = async () =>
    (await request(t.base).get('/sandbox/sms').query({ phone: demoFamily.phone, limit: 500 }).expect(200))
      .body.messages as Array<{ text: string }>;

  /** The parent's membership made to end in `days` days, as the platform's staff would write it. */
  async function termIn(days: number): Promise<string> {
    const until = new Date(Date.now() + days * DAY).toISOString();
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

  beforeAll(async () => {
    t = await startOrdersApp();
    // Sign the family in once: the login exists and its own sign-in SMS is in the outbox before the job runs.
    await t.signIn(demoFamily.phone);
    job = new MembershipRemindersJob(
      t.app.get<AuthDb>(AUTH_DB),
      t.app.get(PlatformClient),
      t.app.get<SmsSender>(SMS_SENDER, { strict: false }),
      t.app.get(OrdersService),
      { intervalMs: HOUR, clock: () => now },
    );
  }, 60_000);
  afterAll(() => t.stop());

  it('sends the most urgent reminder once per athlete and term, every interval by its clock', async () => {
    const until = await termIn(10);
    const before = (await outbox()).length;
    const first = await job.runDue();
    expect(first?.sent).toBe(1);
    const messages = await outbox();
    expect(messages).toHaveLength(before + 1);
    expect(messages[0]?.text).toMatch(
      /^ФКЕ: Членство (в федерации заканчивается|закончится до начала турнира)/,
    );
    const marks = await t.store.selectFrom('membership_reminders_sent').selectAll().execute();
    expect(marks).toMatchObject([{ sportsman_id: demoFamily.parentId, term_until: until, sent_at: now }]);

    now += HOUR / 2;
    expect(await job.runDue()).toBeNull();
    now += HOUR / 2;
    expect(await job.runDue()).toMatchObject({ sent: 0, skipped: 1 });
    expect(await outbox()).toHaveLength(before + 1);

    // A new term (renewed, then nearly over again) is reminded of again, once.
    await termIn(12);
    now += HOUR;
    expect(await job.runDue()).toMatchObject({ sent: 1 });
    now += HOUR;
    expect(await job.runDue()).toMatchObject({ sent: 0 });
    expect(await outbox()).toHaveLength(before + 2);
  });

  it('does not send when nobody is due', async () => {
    await termIn(400);
    now += HOUR;
    expect(await job.runDue()).toEqual({ sent: 0, skipped: 0, failed: 0 });
  });
});
