import { z } from 'zod';
import type { ScriptInput } from '@fed/api-client';
import type { Clock } from '@fed/calendar';
import {
  disciplineCodes,
  levelCodes,
  programTypeCodes,
  type AddressSuggestion,
  type DisciplineCode,
  type LevelCode,
  type ProgramTypeCode,
} from '@fed/contracts';
import {
  addressPlaceName,
  parseRuDay,
  ruDateToIso,
  validateAll,
  wellFormedDate,
  zodRules,
  type RuleContext,
  type RuleSpec,
} from '@fed/validation';
import { checkedText, requiredCode } from './form-fields';

/** Limits of the platform's `createCompetition` contract, checked here first so the form says what is wrong. */
export const COMPETITION_LIMITS = {
  nameMin: 3,
  nameMax: 200,
  descriptionMax: 5000,
  placesMax: 100_000,
  weightCategoryMax: 50,
  feeMax: 1_000_000,
} as const;

/** Messages of the form's own checks (the catalogue's custom rule), worded as the platform words them. */
export const competitionFormMessages = {
  endBeforeStart: 'Окончание не может быть раньше начала',
  deadlineAfterStart: 'Приём заявок должен закончиться до начала',
  wholeNumber: 'Введите целое число',
  noPrograms: 'Добавьте хотя бы одну программу',
} as const;

/** Who a program is for; 'any' is one program for both genders (the contract's `null`). */
export const programGenders = ['any', 'male', 'female'] as const;
export type ProgramGender = (typeof programGenders)[number];
export const programGenderLabels: Record<ProgramGender, string> = {
  any: 'Все',
  male: 'Мужчины',
  female: 'Женщины',
};

/** One row of the programs editor, as typed. */
export interface ProgramFormValues {
  discipline: DisciplineCode | '';
  programType: ProgramTypeCode | '';
  gender: ProgramGender;
  ageClassId: string;
  weightCategory: string;
  /** Whole roubles, as typed. */
  feeRub: string;
}

/** The creation form as typed: dates DD.MM.YYYY, numbers as text, the place as the chosen suggestion. */
export interface CompetitionFormValues {
  name: string;
  description: string;
  dateStart: string;
  dateEnd: string;
  registrationDeadline: string;
  place: AddressSuggestion | null;
  level: LevelCode | '';
  placesLimit: string;
  photoVideoSale: boolean;
  /** The uploaded poster's file id. */
  poster: string | null;
  programs: ProgramFormValues[];
}

/** What the form gives the `createCompetition` call; the page adds the organizer. */
export type CompetitionDraft = Omit<ScriptInput<'createCompetition'>, 'organizerId'>;

export const emptyProgram: ProgramFormValues = {
  discipline: '',
  programType: '',
  gender: 'any',
  ageClassId: '',
  weightCategory: '',
  feeRub: '',
};

export const emptyCompetition: CompetitionFormValues = {
  name: '',
  description: '',
  dateStart: '',
  dateEnd: '',
  registrationDeadline: '',
  place: null,
  level: '',
  placesLimit: '0',
  photoVideoSale: false,
  poster: null,
  programs: [emptyProgram],
};

const wholeNumber: RuleSpec = [
  'custom',
  {
    validator: (value) => typeof value === 'string' && /^\d+$/.test(value.trim()),
    message: competitionFormMessages.wholeNumber,
  },
];

/** A whole number typed as text, within [0, max]; gives the number. */
function count(max: number) {
  return checkedText(['required', wholeNumber, ['min_value', { n: 0 }], ['max_value', { n: max }]]).transform(
    Number,
  );
}

const placeSchema = z
  .object({
    value: z.string(),
    data: z.object({
      city: z.string().nullish(),
      settlement: z.string().nullish(),
      geo_lat: z.string().nullish(),
      geo_lon: z.string().nullish(),
    }),
  })
  .nullable()
  .superRefine(zodRules(['required', 'cityRequired']));

const programSchema = z.object({
  discipline: requiredCode(disciplineCodes),
  programType: requiredCode(programTypeCodes),
  gender: z.enum(programGenders).transform((gender) => (gender === 'any' ? null : gender)),
  ageClassId: checkedText(['required']),
  weightCategory: checkedText([['max', { n: COMPETITION_LIMITS.weightCategoryMax }]]).transform(
    (weight) => weight || null,
  ),
  feeRub: count(COMPETITION_LIMITS.feeMax),
});

/** A coordinate as DaData sends it (a string), or null when it has none. */
function coordinate(text: string | null | undefined): number | null {
  const value = text ? Number(text) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

/** The venue's point, when the chosen address has both coordinates. */
function venuePoint(place: { data: { geo_lat?: string | null; geo_lon?: string | null } } | null) {
  const lat = coordinate(place?.data.geo_lat);
  const lon = coordinate(place?.data.geo_lon);
  return lat !== null && lon !== null ? { geoLat: lat, geoLon: lon } : { geoLat: null, geoLon: null };
}

// The object check runs even when fields failed, so it must not trust their types.
const dayOf = (value: unknown) => (typeof value === 'string' ? parseRuDay(value) : null);

export interface CompetitionFormSchemaOptions {
  /**
   * The clock whose Moscow day is "today" (a start today is fine, yesterday is past, whatever the hour and the
   * browser's zone); the system clock by default.
   */
  clock?: Clock;
}

/**
 * The competition creation form: spec §5's catalogue messages under each field, dates as the platform
 * wants them (start not in the past, end not before the start, registration closing by the start), the
 * city taken from the chosen address, at least one program. Its output is the `createCompetition` input
 * without the organizer.
 */
export function createCompetitionFormSchema(
  options: CompetitionFormSchemaOptions = {},
): z.ZodType<CompetitionDraft, CompetitionFormValues> {
  // A typed day against now is compared by Moscow days: a start today is not "in the past" however late it is.
  const today: RuleContext = { clock: options.clock };
  const dateNotPast: readonly RuleSpec[] = ['required', wellFormedDate(), 'minOrEqDate'];

  return z
    .object({
      name: checkedText([
        'required',
        ['min', { n: COMPETITION_LIMITS.nameMin }],
        ['max', { n: COMPETITION_LIMITS.nameMax }],
      ]),
      description: checkedText([['max', { n: COMPETITION_LIMITS.descriptionMax }]]),
      dateStart: checkedText(dateNotPast, today),
      dateEnd: checkedText(['required', wellFormedDate()]),
      registrationDeadline: checkedText(dateNotPast, today),
      place: placeSchema,
      level: requiredCode(levelCodes),
      placesLimit: count(COMPETITION_LIMITS.placesMax),
      photoVideoSale: z.boolean(),
      poster: z.string().nullable(),
      programs: z.array(programSchema).superRefine(
        zodRules([
          [
            'custom',
            {
              validator: (rows) => Array.isArray(rows) && rows.length > 0,
              message: competitionFormMessages.noPrograms,
            },
          ],
        ]),
      ),
    })
    .superRefine(
      (form, ctx) => {
        if (dayOf(form.dateStart) === null) return;
        const start = form.dateStart;
        // Only dates that read as dates are compared: a malformed one already says so under its field.
        const compare = (field: 'dateEnd' | 'registrationDeadline', rule: RuleSpec) => {
          if (dayOf(form[field]) === null) return;
          const message = validateAll(form[field], [rule]);
          if (message !== null) ctx.addIssue({ code: 'custom', message, path: [field] });
        };
        compare('dateEnd', ['minOrEqDate', { date: start, message: competitionFormMessages.endBeforeStart }]);
        compare('registrationDeadline', [
          'maxOrEqDate',
          { date: start, message: competitionFormMessages.deadlineAfterStart },
        ]);
      },
      // Compared even while other fields are wrong, so every date's problem shows at once.
      { when: ({ value }) => typeof value === 'object' && value !== null },
    )
    .transform((form): CompetitionDraft => ({
      name: form.name,
      description: form.description,
      dateStart: ruDateToIso(form.dateStart) ?? '',
      dateEnd: ruDateToIso(form.dateEnd) ?? '',
      registrationDeadline: ruDateToIso(form.registrationDeadline) ?? '',
      city: addressPlaceName(form.place) ?? '',
      address: form.place?.value ?? '',
      ...venuePoint(form.place),
      level: form.level,
      placesLimit: form.placesLimit,
      photoVideoSale: form.photoVideoSale,
      poster: form.poster,
      programs: form.programs,
    }));
}
