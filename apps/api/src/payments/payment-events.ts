import { Injectable, Logger } from '@nestjs/common';
import type { ProviderPayment, ProviderRefund } from './payment-provider';

/**
 * "Payment X changed": emitted by the notification receiver after it READ the payment from the provider.
 * `payment` is that read, never what a notification's body said. Deliveries repeat and arrive out of order,
 * so the same or an older state may come again: a listener applies a change only when it is news to it
 * (`paymentProgressed(known, change.payment)`), which makes every delivery after the first change nothing.
 */
export interface PaymentChange {
  payment: ProviderPayment;
  /** For `refund.*` notifications: the refund, read from the provider as well. */
  refund: ProviderRefund | null;
  /** The notification's event (`payment.succeeded`, …), for logs: what the read says decides. */
  event: string;
}

export type PaymentChangeListener = (change: PaymentChange) => void | Promise<void>;

/** The "payment changed" events of this process. Orders subscribe at start. */
@Injectable()
export class PaymentEvents {
  private readonly logger = new Logger('Payments');
  private readonly listeners = new Set<PaymentChangeListener>();

  /** Returns the way to unsubscribe. */
  subscribe(listener: PaymentChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs every listener in turn and waits for them: a listener that fails makes this fail, so the receiver
   * answers the provider with an error and the provider delivers again (each listener then sees it again).
   */
  async emit(change: PaymentChange): Promise<void> {
    this.logger.debug(
      `Payment ${JSON.stringify(change.payment.id)} read as ${change.payment.status} (${change.event})`,
    );
    for (const listener of this.listeners) await listener(change);
  }
}
