import { fixedClock } from '@fed/calendar';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OTHER_SHOP,
  SHOP,
  basic,
  paymentBody,
  payOnPage,
  startTwin,
  type TwinTestApp,
} from './testing/twin-test-app';

const HOUR = 3_600_000;

describe('the YooKassa twin speaks API v3', () => {
  let t: TwinTestApp;

  beforeAll(async () => {
    t = await startTwin();
  });
  afterAll(() => t.close());

  const create = async (overrides: Record<string, unknown> = {}) => {
    const answer = await t.api.post('/payments', paymentBody(overrides)).expect(200);
    return answer.body as { id: string; status: string; [key: string]: unknown };
  };
  const read = async (id: string) => (await t.api.get(`/payments/${id}`).expect(200)).body;

  describe('access', () => {
    it('refuses a call without Basic credentials or with a wrong secret: 401 invalid_credentials', async () => {
      const none = await request(t.http).get('/sandbox/yookassa/v3/payments/x').expect(401);
      expect(none.body).toMatchObject({ type: 'error', code: 'invalid_credentials' });
      expect(typeof none.body.id).toBe('string');
      const wrong = await request(t.http)
        .post('/sandbox/yookassa/v3/payments')
        .set('Authorization', basic({ shopId: SHOP.shopId, secretKey: 'test_wrong' }))
        .set('Idempotence-Key', 'k')
        .send(paymentBody())
        .expect(401);
      expect(wrong.body.code).toBe('invalid_credentials');
    });

    it('shows no shop the payments of another', async () => {
      const payment = await create();
      const foreign = await t.api.get(`/payments/${payment.id}`, OTHER_SHOP).expect(404);
      expect(foreign.body).toMatchObject({ type: 'error', code: 'not_found' });
      await t.api.get('/payments/no-such-payment').expect(404);
    });
  });

  describe('Idempotence-Key', () => {
    it('is required on every POST and at most 64 characters', async () => {
      const missing = await t.api.post('/payments', paymentBody(), null).expect(400);
      expect(missing.body).toMatchObject({ code: 'invalid_request', parameter: 'Idempotence-Key' });
      const long = await t.api.post('/payments', paymentBody(), 'k'.repeat(65)).expect(400);
      expect(long.body.parameter).toBe('Idempotence-Key');
      await t.api.post('/payments', paymentBody(), 'k'.repeat(64)).expect(200);
    });

    it('answers the same key with the same body with the first answer: one payment', async () => {
      const first = await t.api.post('/payments', paymentBody(), 'same-key').expect(200);
      const again = await t.api.post('/payments', paymentBody(), 'same-key').expect(200);
      expect(again.body).toEqual(first.body);
    });

    it('refuses the same key with another body: Idempotence key duplicated', async () => {
      await t.api.post('/payments', paymentBody(), 'changed-key').expect(200);
      const changed = await t.api
        .post('/payments', paymentBody({ description: 'Другое' }), 'changed-key')
        .expect(400);
      expect(changed.body).toMatchObject({
        type: 'error',
        code: 'invalid_request',
        description: 'Idempotence key duplicated',
        parameter: 'Idempotence-Key',
      });
    });

    it('keeps a key per shop, for 24 hours', async () => {
      const mine = await t.api.post('/payments', paymentBody(), 'day-key').expect(200);
      const theirs = await t.api.post('/payments', paymentBody(), 'day-key', OTHER_SHOP).expect(200);
      expect(theirs.body.id).not.toBe(mine.body.id);
      t.advance(24 * HOUR + 1000);
      const later = await t.api.post('/payments', paymentBody(), 'day-key').expect(200);
      expect(later.body.id).not.toBe(mine.body.id);
    });
  });

  describe('POST /v3/payments', () => {
    it('creates a pending payment with its confirmation URL', async () => {
      const payment = await create();
      expect(payment).toMatchObject({
        status: 'pending',
        paid: false,
        amount: { value: '1500.00', currency: 'RUB' },
        confirmation: {
          type: 'redirect',
          confirmation_url: `/sandbox/yookassa/checkout/${payment.id}`,
          return_url: 'https://portal.example/order/o-1',
        },
        description: 'Стартовый взнос: Кубок ФКЕ',
        metadata: { orderId: 'o-1' },
        recipient: { account_id: SHOP.shopId },
        refundable: false,
        test: true,
      });
      expect(payment.id).toMatch(/^[0-9a-f]{8}-000f-5000-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Date.parse(String(payment['created_at']))).not.toBeNaN();
      expect(await read(payment.id)).toEqual(payment);
    });

    it.each([
      ['an amount with three decimals', { amount: { value: '10.005', currency: 'RUB' } }, 'amount.value'],
      ['a zero amount', { amount: { value: '0.00', currency: 'RUB' } }, 'amount.value'],
      ['another currency', { amount: { value: '10.00', currency: 'USD' } }, 'amount.currency'],
      ['no amount', { amount: undefined }, 'amount'],
      ['a description of 129 characters', { description: 'д'.repeat(129) }, 'description'],
      [
        'metadata of 17 keys',
        { metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v'])) },
        'metadata',
      ],
      ['a metadata key of 33 characters', { metadata: { ['k'.repeat(33)]: 'v' } }, 'metadata'],
      ['a metadata value of 513 characters', { metadata: { orderId: 'v'.repeat(513) } }, 'metadata.orderId'],
      ['no confirmation', { confirmation: undefined }, 'confirmation'],
      [
        'a javascript: return URL',
        { confirmation: { type: 'redirect', return_url: 'javascript:alert(1)' } },
        'confirmation.return_url',
      ],
    ])('refuses %s: 400 naming the parameter', async (_, overrides, parameter) => {
      const answer = await t.api.post('/payments', paymentBody(overrides)).expect(400);
      expect(answer.body).toMatchObject({ type: 'error', code: 'invalid_request', parameter });
      expect(answer.body.description).toEqual(expect.any(String));
    });
  });

  describe('54-FZ receipts', () => {
    const item = (overrides: Record<string, unknown> = {}) => ({
      description: 'Стартовый взнос',
      quantity: 1,
      amount: { value: '1500.00', currency: 'RUB' },
      vat_code: 1,
      payment_subject: 'service',
      payment_mode: 'full_payment',
      ...overrides,
    });
    const withReceipt = (receipt: Record<string, unknown>) => paymentBody({ receipt });

    it('takes items whose quantity × price adds up to the amount, e-mail or phone', async () => {
      await t.api
        .post(
          '/payments',
          withReceipt({
            customer: { email: 'athlete@example.ru' },
            tax_system_code: 2,
            items: [
              item({ quantity: 2, amount: { value: '500.00', currency: 'RUB' } }),
              item({ description: 'Членский взнос', amount: { value: '500.00', currency: 'RUB' } }),
            ],
          }),
        )
        .expect(200);
    });

    it.each([
      [
        'no e-mail or phone',
        { customer: { full_name: 'Волкова Е. С.' }, items: [item()] },
        'receipt.customer',
      ],
      ['no items', { customer: { phone: '79990000001' }, items: [] }, 'receipt.items'],
      [
        'an item without vat_code',
        { customer: { phone: '79990000001' }, items: [item({ vat_code: undefined })] },
        'receipt.items[0].vat_code',
      ],
      [
        'an unknown payment_subject',
        { customer: { phone: '79990000001' }, items: [item({ payment_subject: 'gift' })] },
        'receipt.items[0].payment_subject',
      ],
      [
        'an item without payment_mode',
        { customer: { phone: '79990000001' }, items: [item({ payment_mode: undefined })] },
        'receipt.items[0].payment_mode',
      ],
      [
        'an item without description',
        { customer: { phone: '79990000001' }, items: [item({ description: '' })] },
        'receipt.items[0].description',
      ],
      [
        'items that do not add up to the amount',
        { customer: { phone: '79990000001' }, items: [item({ quantity: 2 })] },
        'receipt.items',
      ],
    ])('refuses a receipt with %s', async (_, receipt, parameter) => {
      const answer = await t.api.post('/payments', withReceipt(receipt)).expect(400);
      expect(answer.body).toMatchObject({ code: 'invalid_request', parameter });
    });
  });

  describe('statuses and their transitions', () => {
    it('pays a one-stage payment: pending → succeeded, which is final', async () => {
      const payment = await create({ capture: true });
      await payOnPage(t.http, payment.id).expect(200);
      const paid = await read(payment.id);
      expect(paid).toMatchObject({
        status: 'succeeded',
        paid: true,
        refundable: true,
        payment_method: { type: 'bank_card', card: { last4: '4477', first6: '555555' } },
        income_amount: { value: '1500.00' },
      });
      expect(paid.confirmation).toBeUndefined();
      expect((await t.api.post(`/payments/${payment.id}/capture`, {}).expect(400)).body.parameter).toBe(
        'payment_id',
      );
      await t.api.post(`/payments/${payment.id}/cancel`, {}).expect(400);
    });

    it('authorizes a two-stage payment, then captures it: pending → waiting_for_capture → succeeded', async () => {
      const payment = await create({ capture: false });
      await t.api.post(`/payments/${payment.id}/capture`, {}).expect(400);
      await payOnPage(t.http, payment.id).expect(200);
      const waiting = await read(payment.id);
      expect(waiting).toMatchObject({ status: 'waiting_for_capture', paid: true, refundable: false });
      expect(Date.parse(waiting.expires_at)).toBeGreaterThan(Date.now());
      const captured = await t.api.post(`/payments/${payment.id}/capture`, {}).expect(200);
      expect(captured.body).toMatchObject({ status: 'succeeded', amount: { value: '1500.00' } });
      expect(captured.body.captured_at).toEqual(expect.any(String));
    });

    it('lets the shop cancel an authorized payment: canceled by merchant', async () => {
      const payment = await create({ capture: false });
      await t.api.post(`/payments/${payment.id}/cancel`, {}).expect(400);
      await payOnPage(t.http, payment.id).expect(200);
      const canceled = await t.api.post(`/payments/${payment.id}/cancel`, {}).expect(200);
      expect(canceled.body).toMatchObject({
        status: 'canceled',
        paid: false,
        cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' },
      });
      await t.api.post(`/payments/${payment.id}/capture`, {}).expect(400);
    });

    it('captures part of an authorized payment only with its own receipt', async () => {
      const payment = await create({ capture: false });
      await payOnPage(t.http, payment.id).expect(200);
      const part = { amount: { value: '1000.00', currency: 'RUB' } };
      expect((await t.api.post(`/payments/${payment.id}/capture`, part).expect(400)).body.parameter).toBe(
        'receipt',
      );
      const receipt = {
        customer: { phone: '79990000001' },
        items: [
          {
            description: 'Стартовый взнос',
            quantity: 1,
            amount: { value: '1000.00', currency: 'RUB' },
            vat_code: 1,
            payment_subject: 'service',
            payment_mode: 'full_payment',
          },
        ],
      };
      const captured = await t.api.post(`/payments/${payment.id}/capture`, { ...part, receipt }).expect(200);
      expect(captured.body).toMatchObject({ status: 'succeeded', amount: { value: '1000.00' } });
    });

    it('cancels an unconfirmed payment after the confirmation time: expired_on_confirmation', async () => {
      const payment = await create();
      t.advance(HOUR - 60_000);
      expect((await read(payment.id)).status).toBe('pending');
      t.advance(120_000);
      expect(await read(payment.id)).toMatchObject({
        status: 'canceled',
        paid: false,
        cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' },
      });
    });

    it('cancels an uncaptured payment after the capture time: expired_on_capture', async () => {
      const payment = await create({ capture: false });
      await payOnPage(t.http, payment.id).expect(200);
      t.advance(7 * 24 * HOUR + 1000);
      expect(await read(payment.id)).toMatchObject({
        status: 'canceled',
        cancellation_details: { party: 'yoo_money', reason: 'expired_on_capture' },
      });
    });
  });

  describe('refunds', () => {
    const partialReceipt = (value: string) => ({
      customer: { phone: '79990000001' },
      items: [
        {
          description: 'Возврат части взноса',
          quantity: 1,
          amount: { value, currency: 'RUB' },
          vat_code: 1,
          payment_subject: 'service',
          payment_mode: 'full_payment',
        },
      ],
    });

    it('refunds only a succeeded payment', async () => {
      const payment = await create();
      const refused = await t.api
        .post('/refunds', { payment_id: payment.id, amount: { value: '1500.00', currency: 'RUB' } })
        .expect(400);
      expect(refused.body).toMatchObject({ code: 'invalid_request', parameter: 'payment_id' });
      await t.api
        .post('/refunds', { payment_id: 'no-such-payment', amount: { value: '1.00', currency: 'RUB' } })
        .expect(400);
    });

    it('refunds in parts, each with its own receipt, never more than is left', async () => {
      const payment = await create();
      await payOnPage(t.http, payment.id).expect(200);
      const noReceipt = await t.api
        .post('/refunds', { payment_id: payment.id, amount: { value: '500.00', currency: 'RUB' } })
        .expect(400);
      expect(noReceipt.body.parameter).toBe('receipt');
      const refund = await t.api
        .post('/refunds', {
          payment_id: payment.id,
          amount: { value: '500.00', currency: 'RUB' },
          description: 'Отмена одной программы',
          receipt: partialReceipt('500.00'),
        })
        .expect(200);
      expect(refund.body).toMatchObject({
        payment_id: payment.id,
        status: 'succeeded',
        amount: { value: '500.00', currency: 'RUB' },
      });
      expect((await t.api.get(`/refunds/${refund.body.id}`).expect(200)).body).toEqual(refund.body);
      expect(await read(payment.id)).toMatchObject({
        refunded_amount: { value: '500.00' },
        refundable: true,
      });
      const tooMuch = await t.api
        .post('/refunds', {
          payment_id: payment.id,
          amount: { value: '1000.01', currency: 'RUB' },
          receipt: partialReceipt('1000.01'),
        })
        .expect(400);
      expect(tooMuch.body.parameter).toBe('amount.value');
      await t.api
        .post('/refunds', {
          payment_id: payment.id,
          amount: { value: '1000.00', currency: 'RUB' },
          receipt: partialReceipt('1000.00'),
        })
        .expect(200);
      expect(await read(payment.id)).toMatchObject({
        refunded_amount: { value: '1500.00' },
        refundable: false,
      });
    });

    it('refunds the whole payment with the payment’s own receipt', async () => {
      const payment = await create();
      await payOnPage(t.http, payment.id).expect(200);
      const refund = await t.api
        .post('/refunds', { payment_id: payment.id, amount: { value: '1500.00', currency: 'RUB' } })
        .expect(200);
      expect(await read(payment.id)).toMatchObject({
        refunded_amount: { value: '1500.00' },
        refundable: false,
      });
      await t.api.get('/refunds/no-such-refund').expect(404);
      await t.api.get(`/refunds/${refund.body.id}`, OTHER_SHOP).expect(404);
    });
  });
});

describe('the twin’s limits', () => {
  it('answers 429 too_many_requests past the calls a shop may make in a second', async () => {
    const t = await startTwin({ rateLimitPerSecond: 3, clock: fixedClock(1_700_000_000_000) });
    try {
      for (let call = 0; call < 3; call += 1) await t.api.get('/payments/x').expect(404);
      const refused = await t.api.get('/payments/x').expect(429);
      expect(refused.body).toMatchObject({ type: 'error', code: 'too_many_requests' });
    } finally {
      await t.close();
    }
  });
});
