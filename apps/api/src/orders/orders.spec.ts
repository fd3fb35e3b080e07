import { DEFAULT_TEST_INSTANT, runningClockFrom, seasonEnd, seasonOf } from '@fed/calendar';
import {
  orderSchema,
  ordersPaths,
  payOrderAnswerSchema,
  platformScripts,
  type Order,
  type RequestView,
} from '@fed/contracts';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, storeDialects } from '../auth/testing/auth-test-app';
import { PAYMENT_NOTIFICATIONS_PATH } from '../config/payments-config';
import {
  applyToEvent,
  DECLINED_CARD,
  eventually,
  startOrdersApp,
  type OrdersApp,
  type OrdersClient,
} from './testing/orders-test-app';

/**
 * Orders through HTTP against the twins the api mounts (the demo federation, the YooKassa twin notifying the
 * api's own receiver), as the portal and the payer's browser use them.
 */
describe.each(storeDialects)('orders ()', ({ dialect, available }) => {
  // A plain day far from a season's end, running at the process's pace (payments expire, orders are listed).
  const clock = runningClockFrom(DEFAULT_TEST_INSTANT);
  let t: OrdersApp;
  let drop: () => Promise<void> = () => Promise.resolve();
  let family: ReturnType<OrdersApp['as']>;
  let expired: ReturnType<OrdersApp['as']>;
  let club: ReturnType<OrdersApp['as']>;

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(dialect);
    drop = fresh.drop;
    // TRUST_PROXY so that a forged notification can come from another address (X-Forwarded-For).
    t = await startOrdersApp({ trustProxy: 1 }, fresh.target, {
      clock: runningClockFrom(DEFAULT_TEST_INSTANT),
    });
    family = t.as(await t.signIn(demoFamily.phone));
    expired = t.as(await t.signIn(demoAthleteExpired.phone));
    club = t.as(await t.signIn(demoClub.phone));
  }, 60_000);
  afterAll(async () => {
    if (!available) return;
    await t.stop();
    await drop();
  });
  afterEach(async () => {
    if (!available) return;
    await t.resetSwitches();
  });

  const orderOf = (body: unknown) => orderSchema.parse(body);

  /** The request as the platform has it now (the server's own read, no proxy). */
  const platformRequest = async (id: string): Promise<RequestView> =>
    (await t.platform.runScript('getApplicationById', { id })).data;

  /** Applies an athlete of the family to an event with its first program open to them. */
  const apply = async (
    who: OrdersClient,
    sportsmanId: string,
    competitionId: string,
    membershipRequestId?: string,
  ): Promise<RequestView> =>
    (await applyToEvent(who, sportsmanId, competitionId, membershipRequestId)).request;

  async function orderFor(who: ReturnType<OrdersApp['as']>, requestIds: string[]): Promise<Order> {
    return orderOf((await who.post(ordersPaths.orders, { requestIds }).expect(201)).body);
  }

  async function payUrl(who: ReturnType<OrdersApp['as']>, orderId: string): Promise<string> {
    return payOrderAnswerSchema.parse((await who.post(ordersPaths.pay(orderId)).expect(200)).body)
      .confirmationUrl;
  }

  const stored = (orderId: string) =>
    t.store.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const attempts = (orderId: string) =>
    t.store.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).execute();

  describe.skipIf(!available)('an application’s entry fee', () => {
    let request: RequestView;
    let order: Order;

    it('makes an order from the platform’s fee: the same requests twice answer the same order', async () => {
      request = await apply(family, demoFamily.parentId, demoCompetitions.clubOpen);
      expect(request).toMatchObject({ requestState: 'new', payment_status: 'unpaid', payable: true });
      order = await orderFor(family, [request.__id]);
      expect(order).toMatchObject({
        status: 'new',
        amount: request.fee.cents,
        currency: 'RUB',
        payable: true,
        payer: { phone: demoFamily.phone },
        payment: null,
        lines: [
          {
            kind: 'competition',
            requestId: request.__id,
            sportsmanId: demoFamily.parentId,
            amount: request.fee.cents,
            competitionId: demoCompetitions.clubOpen,
            state: 'active',
          },
        ],
      });
      expect(order.lines[0]?.title).toMatch(/^Стартовый взнос: Открытый турнир/);
      const again = await family.post(ordersPaths.orders, { requestIds: [request.__id] }).expect(200);
      expect(again.body.id).toBe(order.id);
    });

    it('is described in the OpenAPI document from the contract', async () => {
      const docs = await t.as('').get('/api/docs-json').expect(200);
      expect(Object.keys(docs.body.paths)).toEqual(
        expect.arrayContaining([
          '/api/orders',
          '/api/orders/{orderId}',
          '/api/orders/{orderId}/pay',
          '/api/orders/requests/{requestId}/refund',
        ]),
      );
      expect(
        docs.body.paths['/api/orders'].post.requestBody.content['application/json'].schema,
      ).toMatchObject({
        required: ['requestIds'],
      });
    });

    it('refuses what is not the caller’s, and bad bodies, in Russian', async () => {
      await expired.post(ordersPaths.orders, { requestIds: [request.__id] }).expect(404);
      await club.post(ordersPaths.orders, { requestIds: [request.__id] }).expect(404);
      const bad = await family.post(ordersPaths.orders, { requestIds: [] }).expect(400);
      expect(bad.body).toMatchObject({
        code: 'validation_failed',
        fieldErrors: { requestIds: [expect.any(String)] },
      });
      await family.post(ordersPaths.orders, { requestIds: [request.__id], amount: 1 }).expect(400);
      const guest = await t.as('').get(ordersPaths.order(order.id));
      expect(guest.status).toBe(401);
    });

    it('answers a double click on «Оплатить» with one payment', async () => {
      const [first, second] = await Promise.all([
        family.post(ordersPaths.pay(order.id)).expect(200),
        family.post(ordersPaths.pay(order.id)).expect(200),
      ]);
      const a = payOrderAnswerSchema.parse(first?.body);
      const b = payOrderAnswerSchema.parse(second?.body);
      expect(b.confirmationUrl).toBe(a.confirmationUrl);
      expect(t.paymentsOfOrder(order.id)).toBe(1);
      expect(a.order.status).toBe('pending');
      expect(await payUrl(family, order.id)).toBe(a.confirmationUrl);
      expect(t.paymentsOfOrder(order.id)).toBe(1);
      const [attempt] = await attempts(order.id);
      expect(JSON.parse(attempt?.request ?? '{}')).toMatchObject({
        returnUrl: `https://portal.example/order/${order.id}`,
        amount: order.amount,
        receipt: {
          customer: { phone: demoFamily.phone },
          lines: [{ quantity: 1, unitPrice: order.amount, vatCode: 1 }],
        },
      });
    });

    it('shows nobody but the payer the order: another athlete and the organizer get 404', async () => {
      for (const other of [expired, club]) {
        const read = await other.get(ordersPaths.order(order.id)).expect(404);
        expect(read.body).toMatchObject({ code: 'order_not_found', message: 'Заказ не найден' });
        await other.post(ordersPaths.pay(order.id)).expect(404);
        expect((await other.get(ordersPaths.orders).expect(200)).body.result).toEqual([]);
      }
      await family.get(ordersPaths.order('00000000-0000-4000-8000-000000000000')).expect(404);
    });

    it('applies the payment once, read from the provider, however often the return page reloads', async () => {
      const url = await payUrl(family, order.id);
      await t.payOnPage(url);
      const reads = await Promise.all(
        [1, 2, 3].map(() => family.get(ordersPaths.order(order.id)).expect(200)),
      );
      for (const read of reads) expect(orderOf(read.body)).toMatchObject({ status: 'paid', payable: false });
      await eventually(async () => (await stored(order.id)).platform_synced_at !== null);
      const paid = await platformRequest(request.__id);
      expect(paid).toMatchObject({ payment_status: 'paid', requestState: 'new', payment_order: order.id });
      expect(paid.state_history.map((entry) => entry.to)).toEqual(['new']);
      expect(t.paymentsOfOrder(order.id)).toBe(1);
      const [attempt, ...more] = await attempts(order.id);
      expect(more).toEqual([]);
      expect(attempt).toMatchObject({ status: 'succeeded', open: null });
      const again = await family.post(ordersPaths.pay(order.id)).expect(409);
      expect(again.body).toMatchObject({ code: 'order_not_open', message: 'Заказ уже оплачен' });
    });

    it('shows the organizer the request as paid, and approval moves it on to paid', async () => {
      const list = platformScripts.getCompetitionRequests.output.parse(
        (
          await club
            .script('getCompetitionRequests', { competitionId: demoCompetitions.clubOpen, size: 50 })
            .expect(200)
        ).body,
      );
      expect(list.result.find((entry) => entry.__id === request.__id)).toMatchObject({
        payment_status: 'paid',
      });
      // A paid application is never cancelled or rejected without its refund.
      const refused = await family
        .script('changeCompetitionRequestState', { requestId: request.__id, requestState: 'cancelled' })
        .expect(403);
      expect(refused.body.message).toBe(
        'Заявка оплачена: отменить или отклонить её можно только с возвратом взноса',
      );
      await club
        .script('changeCompetitionRequestState', { requestId: request.__id, requestState: 'under_review' })
        .expect(200);
      await club
        .script('changeCompetitionRequestState', { requestId: request.__id, requestState: 'approved' })
        .expect(200);
      const approved = await platformRequest(request.__id);
      expect(approved.requestState).toBe('paid');
      expect(approved.state_history.map((entry) => entry.to)).toEqual([
        'new',
        'under_review',
        'approved',
        'paid',
      ]);
    });

    it('refunds a withdrawn paid application before the deadline: order, request and provider agree', async () => {
      const refunded = await family.post(ordersPaths.refundRequest(request.__id)).expect(200);
      const view = orderOf(refunded.body.order);
      expect(view).toMatchObject({ status: 'refunded', refundedAmount: order.amount });
      expect(view.lines[0]).toMatchObject({ state: 'refunded', refundedAt: expect.any(String) });
      expect(await platformRequest(request.__id)).toMatchObject({
        requestState: 'cancelled',
        payment_status: 'refunded',
      });
      const [attempt] = await attempts(order.id);
      const payment = attempt?.provider_payment_id ?? '';
      expect(t.refundsOfPayment(payment)).toBe(1);
      // The same withdrawal again changes nothing and refunds nothing more.
      expect(
        orderOf((await family.post(ordersPaths.refundRequest(request.__id)).expect(200)).body.order).status,
      ).toBe('refunded');
      expect(t.refundsOfPayment(payment)).toBe(1);
      const read = orderOf((await family.get(ordersPaths.order(order.id)).expect(200)).body);
      expect(read.status).toBe('refunded');
      // Nobody else may withdraw it.
      await expired.post(ordersPaths.refundRequest(request.__id)).expect(404);
    });
    it('lets the organizer reject a paid application only with its refund, and shows it no order', async () => {
      const second = await apply(family, demoFamily.parentId, demoCompetitions.clubOpen);
      const paidOrder = await orderFor(family, [second.__id]);
      await t.payOnPage(await payUrl(family, paidOrder.id));
      expect(orderOf((await family.get(ordersPaths.order(paidOrder.id)).expect(200)).body).status).toBe(
        'paid',
      );
      await club
        .script('changeCompetitionRequestState', { requestId: second.__id, requestState: 'under_review' })
        .expect(200);
      await club
        .script('changeCompetitionRequestState', {
          requestId: second.__id,
          requestState: 'rejected',
          reason: 'Нет допуска',
        })
        .expect(403);
      await club.post(ordersPaths.refundRequest(second.__id), { state: 'rejected' }).expect(400);
      const reason = 'Нет медицинского допуска';
      await family.post(ordersPaths.refundRequest(second.__id), { state: 'rejected', reason }).expect(404);
      const rejected = await club
        .post(ordersPaths.refundRequest(second.__id), { state: 'rejected', reason })
        .expect(200);
      expect(rejected.body).toEqual({ order: null });
      expect(await platformRequest(second.__id)).toMatchObject({
        requestState: 'rejected',
        payment_status: 'refunded',
        reason,
      });
      expect(orderOf((await family.get(ordersPaths.order(paidOrder.id)).expect(200)).body)).toMatchObject({
        status: 'refunded',
        refundedAmount: paidOrder.amount,
      });
    });
  });

  describe.skipIf(!available)('a declined card and an expired payment', () => {
    it('shows the decline’s reason in Russian and lets the payer try again with a new payment', async () => {
      const request = await apply(family, demoFamily.parentId, demoCompetitions.federationCup);
      const order = await orderFor(family, [request.__id]);
      const first = await payUrl(family, order.id);
      await t.payOnPage(first, DECLINED_CARD);
      const declined = orderOf((await family.get(ordersPaths.order(order.id)).expect(200)).body);
      expect(declined).toMatchObject({
        status: 'new',
        payable: true,
        payment: { status: 'canceled', confirmationUrl: null },
        failure: { reason: 'insufficient_funds', message: expect.stringMatching(/недостаточно средств/) },
      });
      // Forged notifications change nothing: a body that says `succeeded` for the canceled payment (the
      // receiver reads it back: canceled), an id the provider does not know, and one from a foreign address.
      const [declinedAttempt] = await attempts(order.id);
      const declinedPayment = declinedAttempt?.provider_payment_id ?? '';
      const forged = (id: string) => ({
        type: 'notification',
        event: 'payment.succeeded',
        object: { id, status: 'succeeded', paid: true, amount: { value: '1.00', currency: 'RUB' } },
      });
      await supertest(t.base).post(PAYMENT_NOTIFICATIONS_PATH).send(forged(declinedPayment)).expect(200);
      const unknown = await supertest(t.base)
        .post(PAYMENT_NOTIFICATIONS_PATH)
        .send(forged('2d4f8d2a-000f-5000-8000-000000000000'))
        .expect(200);
      expect(unknown.body).toEqual({ outcome: 'unknown_object' });
      await supertest(t.base)
        .post(PAYMENT_NOTIFICATIONS_PATH)
        .set('X-Forwarded-For', '203.0.113.7')
        .send(forged(declinedPayment))
        .expect(403);
      expect(orderOf((await family.get(ordersPaths.order(order.id)).expect(200)).body)).toMatchObject({
        status: 'new',
        payable: true,
        failure: { reason: 'insufficient_funds' },
      });
      expect(await stored(order.id)).toMatchObject({
        status: 'new',
        paid_at: null,
        platform_synced_at: null,
      });
      expect(await platformRequest(request.__id)).toMatchObject({ payment_status: 'unpaid' });

      const second = await payUrl(family, order.id);
      expect(second).not.toBe(first);
      expect(t.paymentsOfOrder(order.id)).toBe(2);
      await t.payOnPage(second);
      expect(orderOf((await family.get(ordersPaths.order(order.id)).expect(200)).body)).toMatchObject({
        status: 'paid',
        failure: null,
      });
      const keys = (await attempts(order.id)).map((attempt) => attempt.idempotence_key);
      expect(new Set(keys).size).toBe(2);
    });

    it('leaves an order payable when its payment expires on the card page, and its application unchanged until then', async () => {
      const request = await apply(
        t.as(await t.signIn(demoFamily.phone)),
        demoFamily.childIds[0],
        demoCompetitions.clubChildren,
      );
      const order = await orderFor(family, [request.__id]);
      await payUrl(family, order.id);
      // While the card page may still pay, what it pays for stays as it is: no other programs, no withdrawal.
      const edit = { requestId: request.__id, programIds: request.programs, coach: 'Тренер Иванов' };
      const refused = await family.script('updateApplication', edit).expect(409);
      expect(refused.body).toMatchObject({ code: 'order_in_progress', message: /Заказ уже оплачивается/ });
      await family
        .script('changeCompetitionRequestState', { requestId: request.__id, requestState: 'cancelled' })
        .expect(409);
      const [attempt] = await attempts(order.id);
      t.expirePayment(attempt?.provider_payment_id ?? '');
      // The twin cancels it on its tick and notifies: the receiver reads it back and the order is payable again.
      await eventually(async () => (await stored(order.id)).status === 'new');
      expect((await family.script('updateApplication', edit).expect(200)).body.data.coach).toBe(
        'Тренер Иванов',
      );
      const read = orderOf((await family.get(ordersPaths.order(order.id)).expect(200)).body);
      expect(read).toMatchObject({
        status: 'new',
        payable: true,
        failure: {
          reason: 'expired_on_confirmation',
          message: expect.stringMatching(/Время на оплату истекло/),
        },
      });
      const again = await payUrl(family, order.id);
      expect(again).toMatch(/\/sandbox\/yookassa\/checkout\//);
      expect(t.paymentsOfOrder(order.id)).toBe(2);
    });
  });

  describe.skipIf(!available)('a provider that does not answer', () => {
    it('makes one payment when the first «Оплатить» times out and the second repeats it', async () => {
      const requests = platformScripts.getMyRequestList.output.parse(
        (await family.script('getMyRequestList', { sportsmanID: demoFamily.parentId, size: 50 }).expect(200))
          .body,
      );
      const payable = requests.result.find(
        (entry) => entry.payable && entry.nomenclature_type === 'competition',
      );
      if (!payable) throw new Error('the demo parent has no payable request');
      const order = await orderFor(family, [payable.__id]);
      // Every try of the adapter (the first and its two repeats) waits past the deadline; the payment is made.
      await t.switches({ delayMs: t.config.payments.timeoutMs + 300, delayCalls: 3 });
      const timedOut = await family.post(ordersPaths.pay(order.id));
      expect(timedOut.status).toBe(504);
      expect(t.paymentsOfOrder(order.id)).toBe(1);
      await t.switches({ delayMs: 0 });
      const url = await payUrl(family, order.id);
      expect(t.paymentsOfOrder(order.id)).toBe(1);
      expect(await attempts(order.id)).toHaveLength(1);
      await t.payOnPage(url);
      expect(orderOf((await family.get(ordersPaths.order(order.id)).expect(200)).body).status).toBe('paid');
    }, 30_000);
  });

  describe.skipIf(!available)('a provider that answers 500', () => {
    it('makes one payment when «Оплатить» meets 500s after the work, and the next press gets the payment', async () => {
      const application = await apply(
        t.as(await t.signIn(demoFamily.phone)),
        demoFamily.childIds[0],
        demoCompetitions.clubOpen,
      );
      const order = await orderFor(family, [application.__id]);
      // The first try and both repeats of the adapter are answered 500 after the twin made the payment.
      await t.switches({ failCalls: 3, failStage: 'after' });
      const failed = await family.post(ordersPaths.pay(order.id)).expect(502);
      expect(failed.body).toMatchObject({ statusCode: 502 });
      expect(t.paymentsOfOrder(order.id)).toBe(1);
      // The attempt's outcome is unknown, so the provider may still take the money: the order is pending (its
      // lines frozen), and the next press repeats the attempt under its key.
      expect(orderOf((await family.get(ordersPaths.order(order.id)).expect(200)).body)).toMatchObject({
        status: 'pending',
        payable: true,
      });
      const url = await payUrl(family, order.id);
      expect(t.paymentsOfOrder(order.id)).toBe(1);
      expect(await attempts(order.id)).toHaveLength(1);
      await t.payOnPage(url);
      expect(orderOf((await family.get(ordersPaths.order(order.id)).expect(200)).body).status).toBe('paid');
      expect(t.paymentsOfOrder(order.id)).toBe(1);
    }, 30_000);
  });

  describe.skipIf(!available)('membership', () => {
    /** The son's membership made to lapse yesterday, the way the platform's staff would write it. */
    async function lapse(sportsmanId: string): Promise<void> {
      const yesterday = new Date(clock.now() - 24 * 60 * 60 * 1000).toISOString();
      const listed = await t.platform.send('POST', '/pub/v1/app/sport/memberships/list', {
        filter: { tf: { sportsman: sportsmanId } },
        size: 100,
      });
      const items = (JSON.parse(listed.body.toString()) as { result: { result: Array<{ __id: string }> } })
        .result.result;
      for (const item of items) {
        await t.platform.send('POST', `/pub/v1/app/sport/memberships/${item.__id}/update`, {
          context: { valid_until: yesterday },
        });
      }
    }

    it('moves the term once, whatever the notifications: three copies of each, held and delivered out of order', async () => {
      const son = demoFamily.childIds[0];
      await lapse(son);
      const before = platformScripts.getMembershipStatus.output.parse(
        (await family.script('getMembershipStatus', { sportsmanId: son }).expect(200)).body,
      ).data;
      expect(before).toMatchObject({ active: false, canApply: true, rule: 'calendar_year' });
      const membership = platformScripts.createMembershipRequest.output.parse(
        (await family.script('createMembershipRequest', { sportsmanId: son }).expect(200)).body,
      ).data;
      expect(membership).toMatchObject({
        nomenclature_type: 'membership',
        requestState: 'approved',
        payable: true,
      });
      const order = await orderFor(family, [membership.__id]);
      expect(order.lines[0]).toMatchObject({
        kind: 'membership',
        season: before.season,
        amount: before.fee.cents,
      });
      await t.switches({ notificationCopies: 3, holdNotifications: true });
      await t.payOnPage(await payUrl(family, order.id));
      await t.releaseHeld();
      await eventually(async () => (await stored(order.id)).platform_synced_at !== null);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = platformScripts.getMembershipStatus.output.parse(
        (await family.script('getMembershipStatus', { sportsmanId: son }).expect(200)).body,
      ).data;
      expect(after).toMatchObject({ active: true, termUntil: before.offeredTermUntil });
      const paid = await platformRequest(membership.__id);
      expect(paid.state_history.filter((entry) => entry.to === 'paid')).toHaveLength(1);
      const memberships = await t.platform.send('POST', '/pub/v1/app/sport/memberships/list', {
        filter: { tf: { sportsman: son, valid_until: before.offeredTermUntil } },
      });
      expect((JSON.parse(memberships.body.toString()) as { result: { total: number } }).result.total).toBe(1);
      expect(await attempts(order.id)).toMatchObject([{ status: 'succeeded' }]);
    });

    it('pays the entry fee and the missing membership in one order: the expired athlete is accepted', async () => {
      const athlete = demoAthleteExpired.sportsmanId;
      const refused = platformScripts.getApplicationEligibility.output.parse(
        (
          await expired
            .script('getApplicationEligibility', {
              sportsmanId: athlete,
              competitionId: demoCompetitions.clubOpen,
            })
            .expect(200)
        ).body,
      ).data;
      expect(refused.reasons.map((reason) => reason.code)).toEqual(['membership_expired']);
      const membership = platformScripts.createMembershipRequest.output.parse(
        (await expired.script('createMembershipRequest', { sportsmanId: athlete }).expect(200)).body,
      ).data;
      const application = await apply(expired, athlete, demoCompetitions.clubOpen, membership.__id);
      expect(application.payable).toBe(true);
      // The application alone brings its membership into the order: one payment for both.
      const order = await orderFor(expired, [application.__id]);
      expect(order.lines.map((line) => line.kind).sort()).toEqual(['competition', 'membership']);
      expect(order.amount).toBe(application.fee.cents + membership.fee.cents);
      await t.payOnPage(await payUrl(expired, order.id));
      expect(orderOf((await expired.get(ordersPaths.order(order.id)).expect(200)).body).status).toBe('paid');
      expect(t.paymentsOfOrder(order.id)).toBe(1);
      await eventually(async () => (await stored(order.id)).platform_synced_at !== null);
      expect(await platformRequest(membership.__id)).toMatchObject({
        requestState: 'paid',
        payment_status: 'paid',
      });
      expect(await platformRequest(application.__id)).toMatchObject({ payment_status: 'paid' });
      const now = platformScripts.getApplicationEligibility.output.parse(
        (
          await expired
            .script('getApplicationEligibility', {
              sportsmanId: athlete,
              competitionId: demoCompetitions.clubOpen,
            })
            .expect(200)
        ).body,
      ).data;
      expect(now.reasons.map((reason) => reason.code)).toEqual(['already_applied']);
      const cup = platformScripts.getApplicationEligibility.output.parse(
        (
          await expired
            .script('getApplicationEligibility', {
              sportsmanId: athlete,
              competitionId: demoCompetitions.federationCup,
            })
            .expect(200)
        ).body,
      ).data;
      expect(cup.reasons).toEqual([]);
    });
  });
});

/**
 * On 29 November the federation cup (a few weeks ahead) falls in January: what the apply page does — the
 * membership the status sells for the event, the application made with it, one order, one payment — buys the
 * season the event falls in, through the proxy as the portal calls it.
 */
describe('a membership bought with an entry fee at the season’s end', () => {
  let t: OrdersApp;

  beforeAll(async () => {
    t = await startOrdersApp({}, undefined, { clock: runningClockFrom('2026-11-29T09:00:00Z') });
  }, 60_000);
  afterAll(() => t.stop());

  it('sells and writes the season of a January event, so the athlete does not pay for this season and again', async () => {
    const expired = t.as(await t.signIn(demoAthleteExpired.phone));
    const athlete = demoAthleteExpired.sportsmanId;
    const cup = demoCompetitions.federationCup;
    const status = platformScripts.getMembershipStatus.output.parse(
      (await expired.script('getMembershipStatus', { sportsmanId: athlete, competitionId: cup }).expect(200))
        .body,
    ).data;
    expect(status.event).toMatchObject({ competitionId: cup, covered: true });
    expect(seasonOf(status.event?.dateStart ?? '')).toBe(2027);
    expect(status).toMatchObject({ season: 2027, offeredTermUntil: seasonEnd(2027).toISOString() });
    const membership = platformScripts.createMembershipRequest.output.parse(
      (
        await expired
          .script('createMembershipRequest', { sportsmanId: athlete, competitionId: cup })
          .expect(200)
      ).body,
    ).data;
    expect(membership.season).toBe(2027);
    const eligibility = platformScripts.getApplicationEligibility.output.parse(
      (
        await expired
          .script('getApplicationEligibility', { sportsmanId: athlete, competitionId: cup })
          .expect(200)
      ).body,
    ).data;
    const program = eligibility.programs.find((entry) => entry.eligible);
    const application = platformScripts.createApplication.output.parse(
      (
        await expired
          .script('createApplication', {
            sportsmanId: athlete,
            competitionId: cup,
            programIds: [program?.programId ?? ''],
            coach: null,
            acceptOffer: true,
            membershipRequestId: membership.__id,
          })
          .expect(200)
      ).body,
    ).data;
    const order = orderSchema.parse(
      (await expired.post(ordersPaths.orders, { requestIds: [application.__id] }).expect(201)).body,
    );
    expect(order.lines.find((line) => line.kind === 'membership')?.title).toBe(
      'Членский взнос ФКЕ, сезон 2027',
    );
    const url = payOrderAnswerSchema.parse(
      (await expired.post(ordersPaths.pay(order.id)).expect(200)).body,
    ).confirmationUrl;
    await t.payOnPage(url);
    await eventually(
      async () =>
        orderSchema.parse((await expired.get(ordersPaths.order(order.id)).expect(200)).body).status ===
        'paid',
    );
    await eventually(async () => {
      const after = platformScripts.getMembershipStatus.output.parse(
        (await expired.script('getMembershipStatus', { sportsmanId: athlete }).expect(200)).body,
      ).data;
      return after.termUntil === seasonEnd(2027).toISOString();
    });
    const cupNow = platformScripts.getApplicationEligibility.output.parse(
      (
        await expired
          .script('getApplicationEligibility', { sportsmanId: athlete, competitionId: cup })
          .expect(200)
      ).body,
    ).data;
    expect(cupNow.reasons.map((reason) => reason.code)).toEqual(['already_applied']);
  });
});
