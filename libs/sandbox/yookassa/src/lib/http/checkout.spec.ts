import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentBody, payOnPage, startTwin, type TwinTestApp } from '../testing/twin-test-app';

describe('the twin’s card page at confirmation_url', () => {
  let t: TwinTestApp;

  beforeAll(async () => {
    t = await startTwin();
  });
  afterAll(() => t.close());

  const create = async (overrides: Record<string, unknown> = {}) =>
    (await t.api.post('/payments', paymentBody(overrides)).expect(200)).body as {
      id: string;
      confirmation: { confirmation_url: string };
    };
  const status = async (id: string) => (await t.api.get(`/payments/${id}`).expect(200)).body;

  it('shows a Russian card form with the amount, what it is for and a way back, all escaped, without script', async () => {
    const payment = await create({
      description: '<script>alert(1)</script> «Кубок»',
      confirmation: { type: 'redirect', return_url: 'https://portal.example/order/1?a="b"&c=<d>' },
    });
    const page = await request(t.http).get(payment.confirmation.confirmation_url).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.text;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('name="viewport"');
    expect(html).not.toMatch(/<script|\son\w+=|javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; «Кубок»');
    expect(html).toContain('href="https://portal.example/order/1?a=&quot;b&quot;&amp;c=&lt;d&gt;"');
    expect(html).toMatch(/1\s500,00\s₽/);
    for (const [id, label] of [
      ['card-number', 'Номер карты'],
      ['card-expiry', 'Срок действия'],
      ['card-cvc', 'CVC'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`<input id="${id}"`);
    }
    expect(html).toContain(`<form method="post" action="/sandbox/yookassa/checkout/${payment.id}"`);
    expect(html).toContain('Вернуться в магазин');
    expect(html).toContain('5555 5555 5555 4477');
  });

  it('pays with the test card and sends the payer back to the shop', async () => {
    const payment = await create();
    const page = await payOnPage(t.http, payment.id).expect(200);
    expect(page.text).toContain('Оплата прошла');
    expect(page.text).toContain(
      '<meta http-equiv="refresh" content="3;url=https://portal.example/order/o-1">',
    );
    expect(await status(payment.id)).toMatchObject({ status: 'succeeded', paid: true });
    // Paying again changes nothing.
    const again = await payOnPage(t.http, payment.id, '5555 5555 5555 4444').expect(200);
    expect(again.text).toContain('Оплата прошла');
    expect((await status(payment.id)).status).toBe('succeeded');
  });

  it('authorizes a two-stage payment with the test card', async () => {
    const payment = await create({ capture: false });
    await payOnPage(t.http, payment.id).expect(200);
    expect((await status(payment.id)).status).toBe('waiting_for_capture');
  });

  it('declines the other test card for insufficient funds', async () => {
    const payment = await create();
    const page = await payOnPage(t.http, payment.id, '5555555555554444').expect(200);
    expect(page.text).toContain('Платёж отклонён');
    expect(page.text).toContain('недостаточно средств');
    expect(await status(payment.id)).toMatchObject({
      status: 'canceled',
      paid: false,
      cancellation_details: { party: 'payment_network', reason: 'insufficient_funds' },
    });
  });

  it('declines any other card number', async () => {
    const payment = await create();
    await payOnPage(t.http, payment.id, '4111 1111 1111 1111').expect(200);
    expect((await status(payment.id)).cancellation_details).toEqual({
      party: 'payment_network',
      reason: 'general_decline',
    });
  });

  it('refuses a card it cannot read with the field’s error, and the payment stays pending', async () => {
    const payment = await create();
    const page = await request(t.http)
      .post(`/sandbox/yookassa/checkout/${payment.id}`)
      .type('form')
      .send({ card_number: '5555 5555 5555 4478', card_expiry: '13/40', card_cvc: '12' })
      .expect(400);
    expect(page.text).toContain('role="alert"');
    expect(page.text).toContain('Проверьте номер карты');
    expect(page.text).toContain('Укажите срок действия в формате ММ/ГГ');
    expect(page.text).toContain('CVC — три цифры');
    expect(page.text).toContain('aria-invalid="true" aria-describedby="card-number-error"');
    expect(page.text).toContain('value="5555 5555 5555 4478"');
    const expired = await request(t.http)
      .post(`/sandbox/yookassa/checkout/${payment.id}`)
      .type('form')
      .send({ card_number: '5555555555554477', card_expiry: '01/20', card_cvc: '123' })
      .expect(400);
    expect(expired.text).toContain('Срок действия карты истёк');
    expect((await status(payment.id)).status).toBe('pending');
  });

  it('lets the payer leave: the payment stays pending, then expires, and the page says so', async () => {
    const payment = await create();
    const page = await request(t.http).get(payment.confirmation.confirmation_url).expect(200);
    expect(page.text).toContain(
      '<a class="back" href="https://portal.example/order/o-1">Вернуться в магазин</a>',
    );
    expect((await status(payment.id)).status).toBe('pending');
    t.advance(3_600_000 + 1000);
    const later = await request(t.http).get(payment.confirmation.confirmation_url).expect(200);
    expect(later.text).toContain('Время на оплату истекло');
    expect(later.text).not.toContain('<form');
    await payOnPage(t.http, payment.id).expect(200);
    expect((await status(payment.id)).cancellation_details.reason).toBe('expired_on_confirmation');
  });

  it('answers an unknown payment with a 404 page', async () => {
    const page = await request(t.http).get('/sandbox/yookassa/checkout/no-such-payment').expect(404);
    expect(page.text).toContain('Платёж не найден');
  });
});
