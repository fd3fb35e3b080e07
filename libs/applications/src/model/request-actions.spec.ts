import { describe, expect, it } from 'vitest';
import { requestTransitions, type RequestState } from '@fed/contracts';
import { athleteActions, organizerActions, registrationOpen, type RequestFacts } from './request-actions';

const now = new Date('2026-05-10T12:00:00Z');
const beforeNow = '2026-05-10T11:59:59Z';
const afterNow = '2026-06-01T00:00:00Z';

function facts(state: RequestState, overrides: Partial<RequestFacts> = {}): RequestFacts {
  return {
    __id: 'req-7',
    requestState: state,
    allowedStates: [...requestTransitions[state]],
    registrationDeadline: afterNow,
    nomenclature_type: 'competition',
    payment_status: 'unpaid',
    payable: false,
    ...overrides,
  };
}

describe('registrationOpen', () => {
  it('is open until the deadline, including its very moment', () => {
    expect(registrationOpen(afterNow, now)).toBe(true);
    expect(registrationOpen('2026-05-10T12:00:00Z', now)).toBe(true);
    expect(registrationOpen(beforeNow, now)).toBe(false);
  });

  it('has nothing to close without a deadline, and counts an unreadable one as passed', () => {
    expect(registrationOpen(null, now)).toBe(true);
    expect(registrationOpen('someday', now)).toBe(false);
  });
});

describe('athleteActions', () => {
  it.each<[RequestState, { edit: boolean; resubmit: boolean; cancel: boolean }]>([
    ['new', { edit: true, resubmit: false, cancel: true }],
    ['under_review', { edit: false, resubmit: false, cancel: false }],
    ['returned', { edit: true, resubmit: true, cancel: true }],
    ['approved', { edit: false, resubmit: false, cancel: true }],
    ['rejected', { edit: false, resubmit: false, cancel: false }],
    ['paid', { edit: false, resubmit: false, cancel: true }],
    ['cancelled', { edit: false, resubmit: false, cancel: false }],
  ])('before the deadline, a %s request offers %o', (state, expected) => {
    const actions = athleteActions(facts(state), now);
    expect({ edit: actions.editPath !== null, resubmit: actions.resubmit, cancel: actions.cancel }).toEqual(
      expected,
    );
  });

  it('edits a competition request on its edit page, a photo/video one on its own, a membership nowhere', () => {
    expect(athleteActions(facts('new'), now).editPath).toBe('/apply/edit/req-7');
    expect(athleteActions(facts('new', { nomenclature_type: 'photo_video' }), now).editPath).toBe(
      '/apply/photo-video/edit/req-7',
    );
    expect(athleteActions(facts('new', { nomenclature_type: 'membership' }), now).editPath).toBeNull();
  });

  it('after the deadline offers neither editing nor withdrawing, but still resubmitting a returned request', () => {
    expect(athleteActions(facts('new', { registrationDeadline: beforeNow, payable: true }), now)).toEqual({
      editPath: null,
      resubmit: false,
      cancel: false,
      refundOnCancel: false,
      pay: false,
    });
    expect(athleteActions(facts('returned', { registrationDeadline: beforeNow }), now)).toEqual({
      editPath: null,
      resubmit: true,
      cancel: false,
      refundOnCancel: false,
      pay: false,
    });
  });

  it('offers to pay what the platform calls payable, while registration is open', () => {
    expect(athleteActions(facts('new', { payable: true }), now).pay).toBe(true);
    expect(athleteActions(facts('new', { payable: false }), now).pay).toBe(false);
    // A platform that does not say is not guessed at.
    expect(athleteActions(facts('new', { payable: undefined }), now).pay).toBe(false);
    expect(athleteActions(facts('approved', { payable: true, payment_status: 'paid' }), now).pay).toBe(false);
    // A membership has no deadline: payable whenever the platform says.
    expect(
      athleteActions(
        facts('approved', { nomenclature_type: 'membership', registrationDeadline: null, payable: true }),
        now,
      ).pay,
    ).toBe(true);
  });

  it('withdraws a paid application with its refund, and never a paid membership', () => {
    const paid = athleteActions(facts('paid', { payment_status: 'paid' }), now);
    expect(paid).toMatchObject({ cancel: true, refundOnCancel: true, pay: false });
    expect(athleteActions(facts('new'), now).refundOnCancel).toBe(false);
    const membership = facts('paid', {
      payment_status: 'paid',
      nomenclature_type: 'membership',
      registrationDeadline: null,
    });
    expect(athleteActions(membership, now).cancel).toBe(false);
  });

  it('offers only what the platform allows next for this request', () => {
    const refusedByPlatform = facts('approved', { allowedStates: ['paid'] });
    expect(athleteActions(refusedByPlatform, now).cancel).toBe(false);
    const noReview = facts('returned', { allowedStates: ['cancelled'] });
    expect(athleteActions(noReview, now).resubmit).toBe(false);
  });
});

describe('organizerActions', () => {
  it.each<[RequestState, string[]]>([
    ['new', ['under_review']],
    ['under_review', ['approved', 'returned', 'rejected']],
    ['returned', ['under_review']],
    ['approved', []],
    ['rejected', []],
    ['paid', []],
    ['cancelled', []],
  ])('for a %s request offers %o', (state, expected) => {
    expect(organizerActions(facts(state))).toEqual(expected);
  });

  it('never offers payment, which only the payment side confirms', () => {
    expect(organizerActions({ allowedStates: ['paid', 'cancelled'] })).toEqual([]);
  });
});
