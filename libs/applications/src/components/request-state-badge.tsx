import { requestStateNames, type RequestState } from '@fed/contracts';
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
