import { describe, expect, it } from 'vitest';
import { paymentProgressed, PaymentProviderError } from './payment-provider';

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
