import { describe, expect, it } from 'vitest';
import { fixedClock } from '@fed/calendar';
import { eligibility, requestView } from '../testing/fixtures';
import {
  openProgramsFirst,
  applicationFormSchema,
  coachOrNull,
  programChoices,
  reasonsAgainstChange,
  requestEditability,
} from './application-form';

const now = fixedClock('2099-11-20T00:00:00Z');

describe('application form', () => {
  const apply = applicationFormSchema({ requireOffer: true });
  const edit = applicationFormSchema({ requireOffer: false });

  it('needs a program and, to apply, the accepted agreement', () => {
    expect(apply.safeParse({ programIds: [], coach: '', acceptOffer: true }).success).toBe(false);
    expect(apply.safeParse({ programIds: ['p'], coach: '', acceptOffer: false }).success).toBe(false);
    expect(apply.safeParse({ programIds: ['p'], coach: '', acceptOffer: true }).success).toBe(true);
    expect(edit.safeParse({ programIds: ['p'], coach: '', acceptOffer: false }).success).toBe(true);
  });

  it('limits the programs and the coach’s name', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `p${index}`);
    expect(apply.safeParse({ programIds: eleven, coach: '', acceptOffer: true }).success).toBe(false);
    const result = apply.safeParse({ programIds: ['p'], coach: 'x'.repeat(201), acceptOffer: true });
    expect(result.error?.issues[0]?.message).toBe('Максимум 200 символов');
  });

  it('sends no coach as null', () => {
    expect(coachOrNull('  ')).toBeNull();
    expect(coachOrNull(' Иванов ')).toBe('Иванов');
  });

  it('knows each program’s eligibility', () => {
    const choices = programChoices(eligibility());
    expect(choices.get('pr-men')?.eligible).toBe(true);
    expect(choices.get('pr-women')?.reasons[0]?.code).toBe('gender_mismatch');
    expect(programChoices(undefined).size).toBe(0);
  });

  it('does not hold an application’s own place or existence against changing it', () => {
    const reasons = reasonsAgainstChange(
      eligibility({
        reasons: [
          { code: 'already_applied', message: 'уже' },
          { code: 'no_places', message: 'мест нет' },
          { code: 'membership_expired', message: 'членство' },
        ],
      }),
    );
    expect(reasons.map((reason) => reason.code)).toEqual(['membership_expired']);
  });
});

describe('requestEditability', () => {
  it('allows changes to new and returned applications before the deadline', () => {
    expect(requestEditability(requestView(), now)).toEqual({ editable: true });
    expect(requestEditability(requestView({ requestState: 'returned' }), now)).toEqual({ editable: true });
  });

  it('tells why other states cannot be changed', () => {
    const review = requestEditability(requestView({ requestState: 'under_review' }), now);
    expect(review).toMatchObject({ editable: false, reason: expect.stringContaining('на рассмотрении') });
    expect(requestEditability(requestView({ requestState: 'approved' }), now)).toMatchObject({
      editable: false,
      reason: expect.stringContaining('одобрена'),
    });
  });

  it('closes changes after the deadline', () => {
    expect(requestEditability(requestView(), fixedClock('2099-12-06T00:00:00Z'))).toEqual({
      editable: false,
      reason: 'Приём заявок закрыт 5 декабря 2099, 23:59 (мск), изменить заявку больше нельзя.',
    });
  });

  it('keeps changes open until 23:59 Moscow time of the deadline’s day, not the UTC day', () => {
    const request = requestView({ registrationDeadline: '2026-12-01T20:59:00Z' });
    // 23:58 on 1 December in Moscow.
    expect(requestEditability(request, fixedClock('2026-12-01T20:58:00Z'))).toEqual({ editable: true });
    // 00:30 on 2 December in Moscow, still 1 December in UTC.
    expect(requestEditability(request, fixedClock('2026-12-01T21:30:00Z'))).toEqual({
      editable: false,
      reason: 'Приём заявок закрыт 1 декабря 2026, 23:59 (мск), изменить заявку больше нельзя.',
    });
  });
});

describe('openProgramsFirst', () => {
  const programs = [{ __id: 'womens' }, { __id: 'mens' }, { __id: 'veterans' }, { __id: 'open' }];
  const closed = { eligible: false, reasons: [] };
  const open = { eligible: true, reasons: [] };

  it('puts the programs the athlete may choose first, keeping the order within each part', () => {
    const choices = new Map([
      ['womens', closed],
      ['mens', open],
      ['veterans', closed],
    ]);
    expect(openProgramsFirst(programs, choices).map((program) => program.__id)).toEqual([
      'mens',
      'open',
      'womens',
      'veterans',
    ]);
  });

  it('keeps a program the application already holds with the open ones', () => {
    const choices = new Map([['womens', closed]]);
    expect(openProgramsFirst(programs, choices, ['womens'])[0]?.__id).toBe('womens');
  });
});
