import { formatKopecks } from './yookassa-requests';
import type { StoredPayment, StoredRefund } from './yookassa-store';

/** The gateway of every shop of the twin (YooKassa's `recipient.gateway_id`). */
const TWIN_GATEWAY_ID = '100700';

export interface YookassaAmount {
  value: string;
  currency: 'RUB';
}

const rub = (kopecks: number): YookassaAmount => ({ value: formatKopecks(kopecks), currency: 'RUB' });
const iso = (ms: number) => new Date(ms).toISOString();

/** Where the payer confirms a payment: the twin's card page, below `publicBaseUrl` or root-relative. */
export function confirmationUrl(publicBaseUrl: string | null, paymentId: string): string {
  return `${publicBaseUrl ?? ''}/sandbox/yookassa/checkout/${encodeURIComponent(paymentId)}`;
}

/** A payment in YooKassa's shape, as `GET /v3/payments/{id}` and the notifications give it. */
export function paymentObject(payment: StoredPayment, publicBaseUrl: string | null): Record<string, unknown> {
  const paid = payment.status === 'waiting_for_capture' || payment.status === 'succeeded';
  const remaining = payment.amountKopecks - payment.refundedKopecks;
  return {
    id: payment.id,
    status: payment.status,
    paid,
    amount: rub(payment.amountKopecks),
    ...(payment.status === 'succeeded' ? { income_amount: rub(payment.amountKopecks) } : {}),
    ...(payment.status === 'pending'
      ? {
          confirmation: {
            type: 'redirect',
            confirmation_url: confirmationUrl(publicBaseUrl, payment.id),
            return_url: payment.returnUrl,
          },
        }
      : {}),
    created_at: iso(payment.createdAt),
    ...(payment.description === null ? {} : { description: payment.description }),
    ...(payment.status === 'waiting_for_capture' && payment.captureExpiresAt !== null
      ? { expires_at: iso(payment.captureExpiresAt) }
      : {}),
    ...(payment.capturedAt === null ? {} : { captured_at: iso(payment.capturedAt) }),
    metadata: payment.metadata,
    ...(payment.card
      ? {
          payment_method: {
            type: 'bank_card',
            id: payment.id,
            saved: false,
            title: `Bank card *${payment.card.last4}`,
            card: {
              first6: payment.card.first6,
              last4: payment.card.last4,
              expiry_month: payment.card.expiryMonth,
              expiry_year: payment.card.expiryYear,
              card_type: 'MasterCard',
              issuer_country: 'RU',
            },
          },
        }
      : {}),
    recipient: { account_id: payment.shopId, gateway_id: TWIN_GATEWAY_ID },
    ...(payment.refundedKopecks > 0 ? { refunded_amount: rub(payment.refundedKopecks) } : {}),
    refundable: payment.status === 'succeeded' && remaining > 0,
    ...(payment.receipt && payment.status === 'succeeded' ? { receipt_registration: 'succeeded' } : {}),
    ...(payment.cancellation ? { cancellation_details: payment.cancellation } : {}),
    test: true,
  };
}

export function refundObject(refund: StoredRefund): Record<string, unknown> {
  return {
    id: refund.id,
    payment_id: refund.paymentId,
    status: refund.status,
    ...(refund.receipt ? { receipt_registration: 'succeeded' } : {}),
    created_at: iso(refund.createdAt),
    amount: rub(refund.amountKopecks),
    ...(refund.description === null ? {} : { description: refund.description }),
  };
}
