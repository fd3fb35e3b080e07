import type { Clock } from '@fed/calendar';
import { requestStateNames, type RequestState, type RequestView } from '@fed/contracts';
import { formatDeadline, isAhead } from '@fed/ui-kit';

/** States in which the athlete may still change an application. */
export const EDITABLE_REQUEST_STATES: readonly RequestState[] = ['new', 'returned'];

const lockedBecause: Partial<Record<RequestState, string>> = {
  under_review:
    'Заявка на рассмотрении у организатора. Изменить её можно будет, если организатор вернёт её на доработку.',
  approved: 'Заявка одобрена организатором, изменить её больше нельзя.',
  paid: 'Заявка одобрена и оплачена, изменить её больше нельзя.',
  rejected: 'Заявка отклонена организатором, изменить её нельзя.',
  cancelled: 'Заявка отменена, изменить её нельзя.',
};

export type Editability = { editable: true } | { editable: false; reason: string };

/**
 * Whether an application can be changed at the clock's now: in an editable state and before the registration
 * deadline.
 */
export function requestEditability(
  request: Pick<RequestView, 'requestState' | 'registrationDeadline'>,
  clock: Clock,
): Editability {
  if (!EDITABLE_REQUEST_STATES.includes(request.requestState)) {
    return {
      editable: false,
      reason:
        lockedBecause[request.requestState] ??
        `Заявку в статусе «${requestStateNames[request.requestState]}» изменить нельзя.`,
    };
  }
  if (!request.registrationDeadline || !isAhead(request.registrationDeadline, clock)) {
    return {
      editable: false,
      reason: request.registrationDeadline
        ? `Приём заявок закрыт ${formatDeadline(request.registrationDeadline)}, изменить заявку больше нельзя.`
        : 'Приём заявок закрыт, изменить заявку больше нельзя.',
    };
  }
  return { editable: true };
}
