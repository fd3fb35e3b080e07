import { orderStatuses, type OrderStatus } from '@fed/contracts';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  holdsRequests,
  ORDER_TRANSITIONS,
  orderFacts,
  orderRequests,
  paymentUnderWay,
  transition,
  type OrderEvent,
} from './order-machine';

const events: readonly OrderEvent[] = [...orderRequests, ...orderFacts];
const PAID_STATES: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];

describe('the order state machine', () => {
  it('answers every state and event: a fact everywhere, a request only where it is allowed', () => {
    const table = orderStatuses.map((status) =>
      [status, ...events.map((event) => transition(status, event)?.to ?? '—')].join(' '),
    );
    expect(table).toEqual([
      'new pending canceled — new pending paid new new new new',
      'pending — — — new pending paid new new pending pending',
      'paid — — paid paid paid paid paid paid partially_refunded refunded',
      'canceled — canceled — canceled canceled canceled canceled canceled canceled canceled',
      'refunded — — — refunded refunded refunded refunded refunded refunded refunded',
      'partially_refunded — — partially_refunded partially_refunded partially_refunded partially_refunded partially_refunded partially_refunded partially_refunded refunded',
    ]);
    for (const status of orderStatuses) {
      for (const fact of orderFacts) expect(transition(status, fact), `${status} × ${fact}`).not.toBeNull();
    }
  });

  it('opens a payment only on a new order, and lets nothing release an order whose payment may still complete', () => {
    expect(orderStatuses.filter((status) => transition(status, 'attempt_opened') !== null)).toEqual(['new']);
    expect(transition('pending', 'released')).toBeNull();
    expect(paymentUnderWay('pending')).toBe(true);
    expect(orderStatuses.filter(paymentUnderWay)).toEqual(['pending']);
  });

  it('gives back every payment that is not owed, and any payment of a canceled order', () => {
    for (const status of orderStatuses) {
      expect(transition(status, 'payment_unowed')).toEqual({
        to: status === 'pending' ? 'new' : status,
        effect: 'refund_payment',
      });
    }
    expect(transition('canceled', 'payment_succeeded')).toEqual({ to: 'canceled', effect: 'refund_payment' });
    const refunding = Object.entries(ORDER_TRANSITIONS).flatMap(([status, row]) =>
      Object.entries(row).flatMap(([event, move]) => (move?.effect ? [`${status} × ${event}`] : [])),
    );
    expect(refunding.filter((entry) => !entry.endsWith('payment_unowed'))).toEqual([
      'canceled × payment_succeeded',
    ]);
  });

  it('never takes a paid order back to unpaid, nor a canceled one back to life', () => {
    for (const status of PAID_STATES) {
      for (const event of events) {
        const to = transition(status, event)?.to;
        if (to !== undefined) expect(PAID_STATES, `${status} × ${event}`).toContain(to);
      }
    }
    for (const event of events) {
      const to = transition('canceled', event)?.to;
      if (to !== undefined) expect(to).toBe('canceled');
    }
    expect(holdsRequests('canceled')).toBe(false);
    expect(holdsRequests('refunded')).toBe(false);
  });

  it('keeps the money accounted for over any sequence of events', () => {
    // A model of the money: each succeeded payment either stays with a paid order or is given back.
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 40 }), (sequence) => {
        let status: OrderStatus = 'new';
        let kept = 0;
        let givenBack = 0;
        for (const event of sequence) {
          const move = transition(status, event);
          if (move === null) {
            expect(orderRequests).toContain(event);
            continue;
          }
          if (event === 'payment_succeeded' || event === 'payment_unowed') {
            if (move.effect === 'refund_payment') givenBack += 1;
            else kept += 1;
          }
          status = move.to;
        }
        // Money is kept only by an order that is, or was, paid; a canceled order keeps none.
        if (kept > 0) expect(PAID_STATES).toContain(status);
        if (status === 'canceled' || status === 'new' || status === 'pending') expect(kept).toBe(0);
        expect(givenBack).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is drawn in docs/payments.md as it is here', () => {
    const cell = (status: OrderStatus, event: OrderEvent) => {
      const step = transition(status, event);
      if (step === null) return '—';
      return step.effect === 'refund_payment' ? `${step.to} ↩` : step.to;
    };
    const drawn = [
      `| state \\ event | ${events.join(' | ')} |`,
      `| --- | ${events.map(() => '---').join(' | ')} |`,
      ...orderStatuses.map(
        (status) => `| ${status} | ${events.map((event) => cell(status, event)).join(' | ')} |`,
      ),
    ];
    const doc = readFileSync(resolve(import.meta.dirname, '../../../../docs/payments.md'), 'utf8');
    const table = /<!-- order-machine-table:start -->\n([\s\S]*?)\n<!-- order-machine-table:end -->/.exec(
      doc,
    )?.[1];
    expect(table?.split('\n')).toEqual(drawn);
  });
});
