import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { paymentProgressed, PaymentProviderError } from './payment-provider';
import { YookassaPaymentProvider } from './yookassa-payment-provider';

describe('paymentProgressed: what a listener applies', () => {
  const at = (status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled', refundedAmount = 0) => ({
    status,
    refundedAmount,
  });

  it('takes a later status or a larger refund, and nothing older or equal', () => {
    expect(paymentProgressed(null, at('pending'))).toBe(true);
    expect(paymentProgressed(at('pending'), at('waiting_for_capture'))).toBe(true);
    expect(paymentProgressed(at('waiting_for_capture'), at('succeeded'))).toBe(true);
    expect(paymentProgressed(at('pending'), at('canceled'))).toBe(true);
    expect(paymentProgressed(at('succeeded'), at('succeeded', 50_000))).toBe(true);
    // Repeated and out-of-order reads.
    expect(paymentProgressed(at('succeeded'), at('succeeded'))).toBe(false);
    expect(paymentProgressed(at('succeeded'), at('waiting_for_capture'))).toBe(false);
    expect(paymentProgressed(at('succeeded', 50_000), at('succeeded'))).toBe(false);
    // Both final: one never turns into the other.
    expect(paymentProgressed(at('canceled'), at('succeeded'))).toBe(false);
    expect(paymentProgressed(at('succeeded'), at('canceled'))).toBe(false);
  });
});

describe('PaymentProviderError as the api’s answer', () => {
  it('maps each kind to the status a caller relays', () => {
    const status = (error: PaymentProviderError) => error.toApiException().getStatus();
    expect(status(new PaymentProviderError('timeout', 'x'))).toBe(504);
    expect(status(new PaymentProviderError('unavailable', 'x'))).toBe(502);
    expect(status(new PaymentProviderError('credentials', 'x'))).toBe(502);
    expect(status(new PaymentProviderError('rate_limited', 'x', { retryAfterSeconds: 7 }))).toBe(429);
    expect(
      new PaymentProviderError('rate_limited', 'x', { retryAfterSeconds: 7 }).toApiException().headers,
    ).toEqual({
      'Retry-After': '7',
    });
    expect(status(new PaymentProviderError('rejected', 'Payment not found', { status: 404 }))).toBe(404);
    expect(new PaymentProviderError('rejected', 'x').outcomeUnknown).toBe(false);
    expect(new PaymentProviderError('timeout', 'x').outcomeUnknown).toBe(true);
  });
});

describe('YookassaPaymentProvider lists as YooKassa pages', () => {
  /** A stand-in for YooKassa that answers each list call with `answer(query)` and records the queries. */
  async function fakeYookassa(answer: (query: URLSearchParams) => object) {
    const queries: URLSearchParams[] = [];
    const server: Server = createServer((incoming, outgoing) => {
      const query = new URL(incoming.url ?? '/', 'http://fake').searchParams;
      queries.push(query);
      outgoing.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer(query)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const provider = new YookassaPaymentProvider({
      url: `http://127.0.0.1:${port}/v3`,
      shopId: '100500',
      secretKey: 'test_secret-key-0123456789',
      timeoutMs: 2000,
      retryDelaysMs: [],
    });
    return {
      provider,
      queries,
      close: async () => {
        provider.onModuleDestroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  const refund = (id: string) => ({
    id,
    payment_id: '2d4f8d2a-000f-5000-8000-000000000001',
    status: 'succeeded',
    amount: { value: '500.00', currency: 'RUB' },
    created_at: '2026-06-17T09:00:00.000Z',
  });

  it('sends the window as created_at.gte and created_at.lt with pages of 100, and the cursor it was given', async () => {
    const yookassa = await fakeYookassa((query) =>
      query.get('cursor') === null
        ? { type: 'list', items: [refund('r-2')], next_cursor: 'page-2' }
        : { type: 'list', items: [refund('r-2'), refund('r-1')] },
    );
    try {
      const refunds = await yookassa.provider.listRefunds({
        createdFrom: new Date('2026-06-17T00:00:00+03:00'),
        createdTo: new Date('2026-06-18T00:00:00+03:00'),
      });
      // An object repeated on the next page is kept once.
      expect(refunds.map((item) => item.id)).toEqual(['r-2', 'r-1']);
      expect(refunds[0]).toMatchObject({ amount: 50_000, status: 'succeeded' });
      expect(yookassa.queries.map((query) => Object.fromEntries(query))).toEqual([
        {
          'created_at.gte': '2026-06-16T21:00:00.000Z',
          'created_at.lt': '2026-06-17T21:00:00.000Z',
          limit: '100',
        },
        {
          'created_at.gte': '2026-06-16T21:00:00.000Z',
          'created_at.lt': '2026-06-17T21:00:00.000Z',
          limit: '100',
          cursor: 'page-2',
        },
      ]);
    } finally {
      await yookassa.close();
    }
  });

  it('fails a list whose cursor comes back, rather than paging for ever', async () => {
    const yookassa = await fakeYookassa(() => ({ type: 'list', items: [], next_cursor: 'the-same' }));
    try {
      const failed = await yookassa.provider
        .listPayments({ createdFrom: new Date('2026-06-17T00:00:00Z') })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(PaymentProviderError);
      expect(failed).toMatchObject({ kind: 'unavailable' });
      expect(yookassa.queries).toHaveLength(2);
    } finally {
      await yookassa.close();
    }
  });

  it('fails a page that is not YooKassa’s list object', async () => {
    const yookassa = await fakeYookassa(() => ({ type: 'list', items: [{ id: 'a\nb' }] }));
    try {
      await expect(
        yookassa.provider.listPayments({ createdFrom: new Date('2026-06-17T00:00:00Z') }),
      ).rejects.toMatchObject({ kind: 'unavailable', message: 'неожиданный ответ' });
    } finally {
      await yookassa.close();
    }
  });
});
