import { describe, expect, it } from 'vitest';
import {
  ageClassesFor,
  assessEligibility,
  eligibilityRefusal,
  sportAge,
  type AgeClassBounds,
  type EligibilityFacts,
} from './eligibility';
import { applicationEligibilitySchema, eligibilityReasonCodes, fullYears } from '@fed/contracts';

const ageClasses: AgeClassBounds[] = [
  {
    __id: 'c-12',
    code: 'yunoshi_12_13',
    nazvanie: 'Юноши и девушки 12–13 лет',
    sortirovka: 4,
    age_from: 12,
    age_to: 13,
  },
  {
    __id: 'c-16',
    code: 'yuniory_16_17',
    nazvanie: 'Юниоры 16–17 лет',
    sortirovka: 6,
    age_from: 16,
    age_to: 17,
  },
  {
    __id: 'c-18',
    code: 'vzroslye_18',
    nazvanie: 'Мужчины и женщины 18 лет и старше',
    sortirovka: 9,
    age_from: 18,
    age_to: null,
  },
  { __id: 'c-open', code: 'open', nazvanie: 'Открытый класс', sortirovka: 100, age_from: null, age_to: null },
];

const now = new Date('2027-03-01T12:00:00.000Z');

/** An adult male member, a competition two weeks ahead with open registration, three programs. */
function facts(
  change: {
    athlete?: Partial<EligibilityFacts['athlete']>;
    competition?: Partial<EligibilityFacts['competition']>;
    editingRequestId?: string | null;
  } = {},
): EligibilityFacts {
  return {
    athlete: {
      id: 'athlete',
      kind: 'sportsman',
      gender: 'male',
      birthDate: '1990-06-15T00:00:00.000Z',
      membershipUntil: '2027-12-31T20:59:00.000Z',
      hasLegalRepresentative: false,
      activeRequestId: null,
      ...change.athlete,
    },
    competition: {
      id: 'competition',
      dateStart: '2027-03-15T07:00:00.000Z',
      registrationDeadline: '2027-03-08T20:59:00.000Z',
      placesLimit: 0,
      placesTaken: 0,
      programs: [
        { id: 'kumite-m', genderApplies: true, gender: 'male', ageClassIds: ['c-18'] },
        { id: 'kumite-f', genderApplies: true, gender: 'female', ageClassIds: ['c-18'] },
        { id: 'kata-any', genderApplies: false, gender: null, ageClassIds: ['c-18'] },
        { id: 'kata-youth', genderApplies: false, gender: null, ageClassIds: ['c-12'] },
        { id: 'open', genderApplies: false, gender: null, ageClassIds: [] },
      ],
      ...change.competition,
    },
    ageClasses,
    editingRequestId: change.editingRequestId ?? null,
  };
}

const codes = (input: EligibilityFacts, at = now) => assessEligibility(input, at).reasons.map((r) => r.code);
const programCodes = (input: EligibilityFacts, programId: string) =>
  assessEligibility(input, now)
    .programs.find((program) => program.programId === programId)
    ?.reasons.map((r) => r.code);

describe('assessEligibility', () => {
  it('lets an adult member with open registration in, with the programs that fit him', () => {
    const answer = assessEligibility(facts(), now);
    expect(applicationEligibilitySchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({
      sportsmanId: 'athlete',
      competitionId: 'competition',
      eligible: true,
      reasons: [],
      existingRequestId: null,
    });
    expect(answer.programs.map((program) => [program.programId, program.eligible])).toEqual([
      ['kumite-m', true],
      ['kumite-f', false],
      ['kata-any', true],
      ['kata-youth', false],
      ['open', true],
    ]);
  });

  it('refuses every application to a cancelled event, saying so first', () => {
    const cancelled = facts({ competition: { cancelled: true } });
    const answer = assessEligibility(cancelled, now);
    expect(answer.eligible).toBe(false);
    expect(answer.reasons).toEqual([{ code: 'event_cancelled', message: 'Мероприятие отменено' }]);
    expect(eligibilityRefusal(answer, [{ id: 'open', name: 'Открытая программа' }])).toBe(
      'Мероприятие отменено',
    );
    expect(
      codes(facts({ athlete: { activeRequestId: 'r1' }, competition: { cancelled: true } })).slice(0, 2),
    ).toEqual(['event_cancelled', 'already_applied']);
    expect(codes(facts({ athlete: { kind: 'organization' }, competition: { cancelled: true } }))).toEqual([
      'event_cancelled',
      'not_athlete',
    ]);
    expect(codes(facts({ competition: { cancelled: false } }))).toEqual([]);
  });

  it('refuses an organization, and only says that', () => {
    expect(
      codes(facts({ athlete: { kind: 'organization', birthDate: null, membershipUntil: null } })),
    ).toEqual(['not_athlete']);
    expect(codes(facts({ athlete: { kind: null } }))).toEqual(['not_athlete']);
  });

  describe('registration deadline', () => {
    const deadline = '2027-03-08T20:59:00.000Z';
    it('is open up to and including the deadline itself', () => {
      expect(codes(facts(), new Date(deadline))).toEqual([]);
    });
    it('is closed a millisecond later, with the date in the message', () => {
      const answer = assessEligibility(facts(), new Date(new Date(deadline).getTime() + 1));
      expect(answer.reasons.map((r) => r.code)).toEqual(['registration_closed']);
      expect(answer.reasons[0]?.message).toContain('08.03.2027');
      expect(answer.eligible).toBe(false);
    });
  });

  describe('places', () => {
    it('refuses when the limit is reached', () => {
      expect(codes(facts({ competition: { placesLimit: 10, placesTaken: 10 } }))).toEqual(['no_places']);
    });
    it('admits while one place is left, and without a limit', () => {
      expect(codes(facts({ competition: { placesLimit: 10, placesTaken: 9 } }))).toEqual([]);
      expect(codes(facts({ competition: { placesLimit: 0, placesTaken: 500 } }))).toEqual([]);
    });
    it('does not count against the athlete the place their own edited request holds', () => {
      const full = { competition: { placesLimit: 10, placesTaken: 10 } };
      expect(codes(facts({ ...full, athlete: { activeRequestId: 'r1' }, editingRequestId: 'r1' }))).toEqual(
        [],
      );
    });
  });

  describe('membership', () => {
    it('refuses an athlete who never was a member', () => {
      const answer = assessEligibility(facts({ athlete: { membershipUntil: null } }), now);
      expect(answer.reasons.map((r) => r.code)).toEqual(['membership_expired']);
      expect(answer.reasons[0]?.message).toMatch(/не оформлено/);
    });
    it('refuses a membership that ends before the start, naming its end', () => {
      const answer = assessEligibility(
        facts({ athlete: { membershipUntil: '2027-03-14T20:59:00.000Z' } }),
        now,
      );
      expect(answer.reasons.map((r) => r.code)).toEqual(['membership_expired']);
      expect(answer.reasons[0]?.message).toContain('14.03.2027');
    });
    it('refuses a membership that has already expired', () => {
      expect(codes(facts({ athlete: { membershipUntil: '2026-12-31T20:59:00.000Z' } }))).toEqual([
        'membership_expired',
      ]);
    });
    it('admits a membership that ends exactly at the start', () => {
      expect(codes(facts({ athlete: { membershipUntil: '2027-03-15T07:00:00.000Z' } }))).toEqual([]);
    });
  });

  describe('minors', () => {
    const start = '2027-03-15T07:00:00.000Z';
    it('refuses a minor without a legal representative', () => {
      const answer = assessEligibility(facts({ athlete: { birthDate: '2014-05-01T00:00:00.000Z' } }), now);
      expect(answer.reasons.map((r) => r.code)).toEqual(['minor_without_representative']);
      expect(answer.reasons[0]?.message).toMatch(/законного представителя/);
    });
    it('admits a minor with a legal representative', () => {
      expect(
        codes(facts({ athlete: { birthDate: '2014-05-01T00:00:00.000Z', hasLegalRepresentative: true } })),
      ).toEqual([]);
    });
    it('counts an athlete whose 18th birthday is the start date as an adult', () => {
      expect(codes(facts({ athlete: { birthDate: '2009-03-15T00:00:00.000Z' } }))).toEqual([]);
      expect(fullYears('2009-03-15T00:00:00.000Z', new Date(start))).toBe(18);
    });
    it('counts one who turns 18 the day after the start as a minor', () => {
      expect(codes(facts({ athlete: { birthDate: '2009-03-16T00:00:00.000Z' } }))).toEqual([
        'minor_without_representative',
      ]);
    });
    it('judges by the start date, not by today', () => {
      // 17 today, 18 by the start.
      expect(codes(facts({ athlete: { birthDate: '2009-03-10T00:00:00.000Z' } }))).toEqual([]);
    });
  });

  describe('an existing request', () => {
    it('refuses a second application and names the request to edit instead', () => {
      const answer = assessEligibility(facts({ athlete: { activeRequestId: 'r1' } }), now);
      expect(answer.reasons.map((r) => r.code)).toEqual(['already_applied']);
      expect(answer.existingRequestId).toBe('r1');
    });
    it('is no obstacle to editing that very request', () => {
      const answer = assessEligibility(
        facts({ athlete: { activeRequestId: 'r1' }, editingRequestId: 'r1' }),
        now,
      );
      expect(answer.reasons).toEqual([]);
      expect(answer.existingRequestId).toBe('r1');
    });
    it('still counts when another request is edited', () => {
      expect(codes(facts({ athlete: { activeRequestId: 'r1' }, editingRequestId: 'r2' }))).toEqual([
        'already_applied',
      ]);
    });
  });

  it('lists every athlete-level reason at once, in the catalogue order', () => {
    const answer = assessEligibility(
      facts({
        athlete: { birthDate: '2014-05-01T00:00:00.000Z', membershipUntil: null, activeRequestId: 'r1' },
        competition: { placesLimit: 1, placesTaken: 1, registrationDeadline: '2027-02-01T20:59:00.000Z' },
      }),
      now,
    );
    const found = answer.reasons.map((r) => r.code);
    expect(found).toEqual([
      'registration_closed',
      'no_places',
      'membership_expired',
      'minor_without_representative',
      'already_applied',
    ]);
    expect(found).toEqual(eligibilityReasonCodes.filter((code) => found.includes(code)));
    for (const entry of answer.reasons) expect(entry.message).toMatch(/[А-Яа-яЁё]/);
  });

  describe('programs', () => {
    it('closes a gendered program of the other gender', () => {
      expect(programCodes(facts(), 'kumite-f')).toEqual(['gender_mismatch']);
      expect(programCodes(facts({ athlete: { gender: 'female' } }), 'kumite-m')).toEqual(['gender_mismatch']);
    });
    it('opens a program with gender: false to both genders', () => {
      expect(programCodes(facts(), 'kata-any')).toEqual([]);
      expect(programCodes(facts({ athlete: { gender: 'female' } }), 'kata-any')).toEqual([]);
    });
    it('ignores pol on a program whose type is not gendered', () => {
      const input = facts({
        competition: { programs: [{ id: 'p', genderApplies: false, gender: 'female', ageClassIds: [] }] },
      });
      expect(programCodes(input, 'p')).toEqual([]);
    });
    it('closes a program of another age class, naming the class', () => {
      const answer = assessEligibility(facts(), now);
      const youth = answer.programs.find((program) => program.programId === 'kata-youth');
      expect(youth?.reasons.map((r) => r.code)).toEqual(['age_class_mismatch']);
      expect(youth?.reasons[0]?.message).toContain('«Юноши и девушки 12–13 лет»');
    });
    it('takes the sport age in the season of the start, not the full years', () => {
      // Born 2014-12-31: 12 full years at the start, but sport age 13 in the 2027 season.
      const input = facts({
        athlete: { birthDate: '2014-12-31T00:00:00.000Z', hasLegalRepresentative: true },
      });
      expect(programCodes(input, 'kata-youth')).toEqual([]);
      expect(programCodes(input, 'kata-any')).toEqual(['age_class_mismatch']);
    });
    it('reports both gender and age when both fail', () => {
      const input = facts({ athlete: { gender: 'female', birthDate: '2015-01-01T00:00:00.000Z' } });
      expect(programCodes(input, 'kumite-m')).toEqual(['gender_mismatch', 'age_class_mismatch']);
    });
    it('closes age-bound programs to an athlete without a birth date', () => {
      const answer = assessEligibility(facts({ athlete: { birthDate: null } }), now);
      expect(answer.programs.find((p) => p.programId === 'kata-any')?.reasons[0]?.message).toMatch(
        /даты рождения/,
      );
      expect(answer.programs.find((p) => p.programId === 'open')?.eligible).toBe(true);
    });
    it('is not eligible when no program fits, though no athlete-level reason stands', () => {
      const input = facts({
        athlete: { gender: 'female' },
        competition: {
          programs: [{ id: 'kumite-m', genderApplies: true, gender: 'male', ageClassIds: ['c-18'] }],
        },
      });
      const answer = assessEligibility(input, now);
      expect(answer.reasons).toEqual([]);
      expect(answer.eligible).toBe(false);
    });
  });
});

describe('eligibilityRefusal', () => {
  it('is null when the athlete may enter the chosen programs', () => {
    expect(
      eligibilityRefusal(assessEligibility(facts(), now), [{ id: 'kumite-m', name: 'Кумитэ' }]),
    ).toBeNull();
  });
  it('names the first athlete-level reason', () => {
    const answer = assessEligibility(
      facts({ athlete: { membershipUntil: null, activeRequestId: 'r' } }),
      now,
    );
    expect(eligibilityRefusal(answer, [])).toMatch(/Членство/);
  });
  it('names the program that is closed', () => {
    const answer = assessEligibility(facts(), now);
    expect(
      eligibilityRefusal(answer, [
        { id: 'kumite-m', name: 'Кумитэ, мужчины' },
        { id: 'kumite-f', name: 'Кумитэ, женщины' },
      ]),
    ).toBe('Программа «Кумитэ, женщины»: Программа проводится для спортсменов другого пола');
  });
});

describe('age helpers', () => {
  it('sport age is the season year minus the birth year', () => {
    expect(sportAge('2013-12-31T00:00:00Z', new Date('2026-11-22T10:00:00Z'))).toBe(13);
  });
  it('lists the classes of an age, lowest sortirovka first, none without a birth date', () => {
    const on = new Date('2026-11-22T10:00:00Z');
    expect(ageClassesFor('2008-05-01T00:00:00Z', ageClasses, on).map((c) => c.code)).toEqual([
      'vzroslye_18',
      'open',
    ]);
    expect(ageClassesFor(null, ageClasses, on)).toEqual([]);
  });
});
