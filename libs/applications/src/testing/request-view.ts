import { testClock } from '@fed/auth-session/testing';
import { DAY_MS, type Clock } from '@fed/calendar';
import { requestTransitions, type RequestState, type RequestView } from '@fed/contracts';

/**
 * A moment `days` from now by the clock the pages are rendered on (`testClock` unless a test gives its own), RFC
 * 3339 (negative: in the past).
 */
export const daysFromNow = (days: number, clock: Clock = testClock) =>
  new Date(clock.now() + days * DAY_MS).toISOString();

/** An athlete's competition request as `getMyRequestList` answers it, in state `new`. */
export function requestView(overrides: Partial<RequestView> = {}): RequestView {
  const state = overrides.requestState ?? 'new';
  return {
    __id: 'req-1',
    __name: 'Заявка: Соколов Андрей — Кубок Казани по дзюдо',
    __createdAt: '2026-01-10T09:00:00Z',
    __updatedAt: '2026-01-10T09:00:00Z',
    sportsman: ['sp-1'],
    competition: ['comp-1'],
    programs: ['pr-1', 'pr-2'],
    requestState: state,
    nomenclature_type: 'competition',
    payment_status: 'unpaid',
    fee: { cents: 250000, currency: 'RUB' },
    reason: null,
    coach: 'Петров Иван Сергеевич',
    state_history: [{ from: null, to: 'new', at: '2026-01-10T09:00:00Z', reason: null }],
    competitionName: 'Кубок Казани по дзюдо',
    competitionDate: '2026-11-22T09:00:00Z',
    competitionDateEnd: '2026-11-24T15:00:00Z',
    registrationDeadline: daysFromNow(30),
    sportsmanName: 'Соколов Андрей',
    programNames: ['Ката, юноши 12–13 лет', 'Кумитэ −60 кг'],
    allowedStates: [...requestTransitions[state]],
    ...overrides,
  };
}

/** The request after a state change, as the platform answers it: history, reason and next states follow. */
export function movedTo(request: RequestView, to: RequestState, reason?: string): RequestView {
  const at = daysFromNow(0);
  return {
    ...request,
    requestState: to,
    reason: to === 'returned' || to === 'rejected' ? (reason ?? null) : null,
    payment_status:
      to === 'cancelled' && request.payment_status === 'paid' ? 'refunded' : request.payment_status,
    state_history: [...request.state_history, { from: request.requestState, to, at, reason: reason ?? null }],
    allowedStates: [...requestTransitions[to]],
    __updatedAt: at,
  };
}
