import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOP,
  basic,
  paymentBody,
  payOnPage,
  startReceiver,
  startTwin,
  type TwinTestApp,
} from './testing/twin-test-app';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

describe('the twin’s notifications and test switches', () => {
  let t: TwinTestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTwin({ notificationUrl: receiver.url });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(async () => {
    await control().delete('/sandbox/yookassa/control').expect(200);
    await t.tick();
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  const control = () => {
    const agent = request(t.http);
    return {
      get: (path: string) => agent.get(path).set('Authorization', basic(SHOP)),
      post: (path: string, body: object = {}) =>
        agent.post(path).set('Authorization', basic(SHOP)).send(body),
      delete: (path: string) => agent.delete(path).set('Authorization', basic(SHOP)),
    };
  };
  const create = async (overrides: Record<string, unknown> = {}, key?: string) =>
    (await t.api.post('/payments', paymentBody(overrides), key).expect(200)).body as { id: string };

  it('posts {type, event, object} on every status change and on a refund', async () => {
    const payment = await create({ capture: false });
    await payOnPage(t.http, payment.id).expect(200);
    await t.api.post(`/payments/${payment.id}/capture`, {}).expect(200);
    await t.api
      .post('/refunds', { payment_id: payment.id, amount: { value: '1500.00', currency: 'RUB' } })
      .expect(200);
    await t.tick();
    expect(receiver.received.map((n) => [n.event, n.object.status])).toEqual([
      ['payment.waiting_for_capture', 'waiting_for_capture'],
      ['payment.succeeded', 'succeeded'],
      ['refund.succeeded', 'succeeded'],
    ]);
    expect(receiver.received[0]).toMatchObject({
      type: 'notification',
      object: { id: payment.id, paid: true },
    });
    expect(receiver.received[2]?.object).toMatchObject({
      payment_id: payment.id,
      amount: { value: '1500.00' },
    });
  });

  it('tells of a declined card and of an expired payment as payment.canceled', async () => {
    const declined = await create();
    await payOnPage(t.http, declined.id, '5555 5555 5555 4444').expect(200);
    const left = await create();
    t.advance(3_600_000 + 1000);
    await t.tick();
    expect(receiver.received.map((n) => [n.event, n.object.id, n.object['cancellation_details']])).toEqual([
      ['payment.canceled', declined.id, { party: 'payment_network', reason: 'insufficient_funds' }],
      ['payment.canceled', left.id, { party: 'yoo_money', reason: 'expired_on_confirmation' }],
    ]);
  });

  it('lets a test run a payment’s time out now, as if the payer left the card page', async () => {
    const left = await create();
    const expired = await control()
      .post('/sandbox/yookassa/control/expire', { paymentId: left.id })
      .expect(200);
    expect(expired.body.payment).toMatchObject({
      id: left.id,
      status: 'canceled',
      cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' },
    });
    await t.tick();
    expect(receiver.received.map((n) => [n.event, n.object.id])).toEqual([['payment.canceled', left.id]]);
    // A final payment stays as it is; an unknown one, or no id, is refused as the API refuses.
    const paid = await create();
    await payOnPage(t.http, paid.id).expect(200);
    await control().post('/sandbox/yookassa/control/expire', { paymentId: paid.id }).expect(200);
    expect((await t.api.get(`/payments/${paid.id}`).expect(200)).body.status).toBe('succeeded');
    await control().post('/sandbox/yookassa/control/expire', { paymentId: 'nope' }).expect(404);
    await control().post('/sandbox/yookassa/control/expire', {}).expect(400);
    await request(t.http).post('/sandbox/yookassa/control/expire').send({ paymentId: left.id }).expect(401);
  });

  it('delivers again, with a growing delay, until the receiver answers 200', async () => {
    receiver.answers.push(500, 404, 503);
    const payment = await create();
    await payOnPage(t.http, payment.id).expect(200);
    for (let attempt = 0; attempt < 4 && receiver.received.length === 0; attempt += 1) {
      await t.tick();
      t.advance(1000);
    }
    expect(receiver.answers).toEqual([]);
    expect(receiver.received.map((n) => n.object.id)).toEqual([payment.id]);
    expect((await control().get('/sandbox/yookassa/control').expect(200)).body.notifications).toMatchObject({
      waiting: 0,
      held: 0,
    });
  });

  it('gives a notification up after the retry time', async () => {
    receiver.answers.push(...Array.from({ length: 50 }, () => 500));
    const payment = await create();
    await payOnPage(t.http, payment.id).expect(200);
    await t.tick();
    t.advance(24 * 3_600_000 + 1000);
    await t.tick();
    const state = (await control().get('/sandbox/yookassa/control').expect(200)).body;
    expect(state.notifications.waiting).toBe(0);
    expect(state.notifications.givenUp).toBeGreaterThanOrEqual(1);
    expect(receiver.received).toEqual([]);
  });

  it('delivers each notification twice when asked to', async () => {
    await control().post('/sandbox/yookassa/control', { notificationCopies: 2 }).expect(200);
    const payment = await create();
    await payOnPage(t.http, payment.id).expect(200);
    await t.tick();
    expect(receiver.received.map((n) => n.event)).toEqual(['payment.succeeded', 'payment.succeeded']);
  });

  it('holds notifications back and releases them newest first', async () => {
    await control().post('/sandbox/yookassa/control', { holdNotifications: true }).expect(200);
    const payment = await create({ capture: false });
    await payOnPage(t.http, payment.id).expect(200);
    await t.api.post(`/payments/${payment.id}/capture`, {}).expect(200);
    await t.tick();
    expect(receiver.received).toEqual([]);
    const released = await control().post('/sandbox/yookassa/control/release').expect(200);
    expect(released.body.released).toBe(2);
    await t.tick();
    expect(receiver.received.map((n) => n.event)).toEqual([
      'payment.succeeded',
      'payment.waiting_for_capture',
    ]);
  });

  it('fails the next calls with 500 before doing anything: a repeat with the key makes one payment', async () => {
    await control().post('/sandbox/yookassa/control', { failCalls: 1, failStage: 'before' }).expect(200);
    const failed = await t.api.post('/payments', paymentBody(), 'retry-before').expect(500);
    expect(failed.body).toMatchObject({ type: 'error', code: 'internal_server_error' });
    const done = await t.api.post('/payments', paymentBody(), 'retry-before').expect(200);
    const again = await t.api.post('/payments', paymentBody(), 'retry-before').expect(200);
    expect(again.body.id).toBe(done.body.id);
  });

  it('fails after the work is done: the repeat with the same key learns the one payment made', async () => {
    await control().post('/sandbox/yookassa/control', { failCalls: 1, failStage: 'after' }).expect(200);
    await t.api.post('/payments', paymentBody(), 'retry-after').expect(500);
    const repeat = await t.api.post('/payments', paymentBody(), 'retry-after').expect(200);
    expect(repeat.body.status).toBe('pending');
    // A new key is a new payment: the first one was made under the failed call's key.
    const other = await t.api.post('/payments', paymentBody(), 'retry-after-2').expect(200);
    expect(other.body.id).not.toBe(repeat.body.id);
  });

  it('slows the next answers by the delay asked', async () => {
    await control().post('/sandbox/yookassa/control', { delayMs: 300, delayCalls: 1 }).expect(200);
    const started = Date.now();
    await t.api.get('/payments/x').expect(404);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const fast = Date.now();
    await t.api.get('/payments/x').expect(404);
    expect(Date.now() - fast).toBeLessThan(250);
  });

  it('guards the switches with a shop’s credentials and refuses unknown ones', async () => {
    await request(t.http).get('/sandbox/yookassa/control').expect(401);
    await request(t.http).post('/sandbox/yookassa/control').send({ failCalls: 5 }).expect(401);
    const unknown = await control().post('/sandbox/yookassa/control', { explode: true }).expect(400);
    expect(unknown.body.code).toBe('invalid_request');
    const bad = await control().post('/sandbox/yookassa/control', { notificationCopies: 9 }).expect(400);
    expect(bad.body.parameter).toBe('notificationCopies');
    expect((await control().get('/sandbox/yookassa/control').expect(200)).body.switches).toMatchObject({
      failCalls: 0,
    });
  });
});
