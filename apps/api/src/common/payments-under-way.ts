/**
 * Changes of a platform request against its payment: the orders module answers, the proxy asks before a change
 * that would alter what is being paid (another package, other programs, a withdrawal). A change is taken before
 * it is sent and given back after, and no payment opens on the request meanwhile, so a payment never completes
 * at a price its lines no longer have — and there is no window between the check and the payment opening.
 */
export interface PaymentsUnderWay {
  /**
   * Takes the request for a change: `taken` is `false` while a payment of it is under way (nothing is taken then);
   * `paid`: an order of ours has paid it (known here before the platform may have heard).
   */
  beginRequestChange(requestId: string): Promise<{ taken: boolean; paid: boolean }>;
  /** The change is over, done or failed. */
  endRequestChange(requestId: string): Promise<void>;
}

export const PAYMENTS_UNDER_WAY = Symbol('PAYMENTS_UNDER_WAY');
