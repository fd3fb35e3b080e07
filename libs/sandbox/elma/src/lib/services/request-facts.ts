import type { RequestState } from '@fed/contracts';

/** Requests that hold a place and count as an athlete's application: all but rejected and cancelled. */
export const LIVE_REQUEST_STATES: readonly RequestState[] = [
  'new',
  'under_review',
  'returned',
  'approved',
  'paid',
];
export const ACTIVE_STATES_SQL = `(${LIVE_REQUEST_STATES.map((state) => `'${state}'`).join(', ')})`;

export function firstId(value: unknown): string | undefined {
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
}
