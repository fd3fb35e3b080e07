/**
 * Whether a platform request is being paid right now: an order holding it has a payment the provider may still
 * complete. The orders module answers it; the proxy asks before a change that would alter what is being paid
 * (another package, other programs, a withdrawal), so a payment never completes at a price its lines no longer
 * have.
 */
export interface PaymentsUnderWay {
  requestBeingPaid(requestId: string): Promise<boolean>;
}

export const PAYMENTS_UNDER_WAY = Symbol('PAYMENTS_UNDER_WAY');
