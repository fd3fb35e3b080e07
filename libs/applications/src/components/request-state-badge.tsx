import { requestStateNames, type RequestState, type RequestView } from '@fed/contracts';
import { Badge, type BadgeTone } from '@fed/ui-kit';

const tones: Record<RequestState, BadgeTone> = {
  new: 'primary',
  under_review: 'info',
  returned: 'warning',
  approved: 'success',
  paid: 'success',
  rejected: 'danger',
  cancelled: 'muted',
};

/** The request's state as a coloured label. */
export function RequestStateBadge({ state }: { state: RequestState }) {
  return (
    <Badge size="md" tone={tones[state]}>
      {requestStateNames[state]}
    </Badge>
  );
}

/**
 * Whether the fee is paid or refunded, beside the state, where the state itself does not say it already (a fee
 * paid under review, a paid application cancelled with its refund). An unpaid request says so in its details.
 */
export function PaymentBadge({ request }: { request: Pick<RequestView, 'payment_status' | 'requestState'> }) {
  if (request.payment_status === 'paid' && request.requestState !== 'paid') {
    return (
      <Badge size="md" tone="success">
        Взнос оплачен
      </Badge>
    );
  }
  if (request.payment_status === 'refunded') {
    return (
      <Badge size="md" tone="neutral">
        Взнос возвращён
      </Badge>
    );
  }
  return null;
}
