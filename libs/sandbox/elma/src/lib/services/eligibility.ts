import { calendarDayOf, dateFieldDay, FEDERATION_TIME_ZONE, seasonOf, sportAgeIn } from '@fed/calendar';
import {
  AGE_OF_MAJORITY,
  fullYears,
  type AgeClassRecord,
  type ApplicationEligibility,
  type ContractorType,
  type EligibilityReason,
  type GenderCode,
  type SportsmanAgeClass,
} from '@fed/contracts';

/**
 * Who may enter a competition, as one pure function of plain facts: the platform (here its twin) answers
 * `getApplicationEligibility` with it and refuses `createApplication` / `updateApplication` with the first
 * reason's message. Ages and dates follow the federation's rules:
 *
 * - the **sport age** (age classes) is the season (Moscow year) of the competition's start minus the birth year;
 * - **full years** (majority) are counted on the competition's Moscow start day: 18 on that very day is an adult;
 * - a cancelled event (`cancelled`, set by staff) takes no applications;
 * - registration is open while `now <= registration_deadline`;
 * - a membership must last at least until the competition starts (`term_membership >= date_start`).
 */

/** Sport age in the season (Moscow calendar year) of `on`: that year minus the birth year. */
export function sportAge(dateOfBirth: string, on: Date): number {
  const birth = dateFieldDay(dateOfBirth);
  return sportAgeIn(birth ?? calendarDayOf(dateOfBirth), seasonOf(on));
}

export type AgeClassBounds = Pick<AgeClassRecord, '__id' | 'code' | 'nazvanie' | 'sortirovka'> &
  Partial<Pick<AgeClassRecord, 'age_from' | 'age_to'>>;

/**
 * Every class whose `[age_from, age_to]` holds the athlete's sport age in the season of `on` (an open end is
 * unbounded), lowest `sortirovka` first. No birth date: no class.
 */
export function ageClassesFor(
  dateOfBirth: string | null | undefined,
  classes: readonly AgeClassBounds[],
  on: Date,
): SportsmanAgeClass[] {
  if (!dateOfBirth) return [];
  const age = sportAge(dateOfBirth, on);
  return classes
    .filter((ageClass) => (ageClass.age_from ?? -Infinity) <= age && age <= (ageClass.age_to ?? Infinity))
    .sort((a, b) => a.sortirovka - b.sortirovka)
    .map((ageClass) => ({
      __id: ageClass.__id,
      code: ageClass.code,
      nazvanie: ageClass.nazvanie,
      sortirovka: ageClass.sortirovka,
    }));
}

/** A program as far as eligibility is concerned. */
export interface EligibilityProgram {
  id: string;
  /** `program_type.gender`: the program is held separately for men and women. */
  genderApplies: boolean;
  /** The program's `pol`, when it has one. */
  gender: GenderCode | null;
  /** Age classes the program is for; empty means any age. */
  ageClassIds: readonly string[];
}

export interface EligibilityFacts {
  athlete: {
    id: string;
    /** `representative_new` code; anything but `sportsman` cannot apply. */
    kind: ContractorType | null;
    gender: GenderCode | null;
    /** RFC 3339. */
    birthDate: string | null;
    /** `term_membership`, RFC 3339; null when the athlete was never a member. */
    membershipUntil: string | null;
    hasLegalRepresentative: boolean;
    /** The athlete's live request (not rejected or cancelled) to this competition, if any. */
    activeRequestId: string | null;
  };
  competition: {
    id: string;
    dateStart: string;
    registrationDeadline: string;
    /** Staff cancelled it on the platform (unset: not cancelled). */
    cancelled?: boolean;
    /** 0 means no limit. */
    placesLimit: number;
    /** Live requests counted against the limit. */
    placesTaken: number;
    programs: readonly EligibilityProgram[];
  };
  /** Every age class of the platform (programs name them by id). */
  ageClasses: readonly AgeClassBounds[];
  /**
   * Set when checking a change of this request: it already holds its place and is not a second
   * application, so neither `no_places` nor `already_applied` applies.
   */
  editingRequestId?: string | null;
}

const federationDate = new Intl.DateTimeFormat('ru-RU', {
  timeZone: FEDERATION_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** `DD.MM.YYYY` of a moment, on the federation's (Moscow) calendar. */
export function formatFederationDate(moment: string | Date): string {
  return federationDate.format(typeof moment === 'string' ? new Date(moment) : moment);
}

function reason(code: EligibilityReason['code'], message: string): EligibilityReason {
  return { code, message };
}

function athleteReasons(facts: EligibilityFacts, now: Date): EligibilityReason[] {
  const { athlete, competition } = facts;
  // Said first: nothing the athlete could fix opens a cancelled event, so the other reasons are beside the point
  // to whoever reads the first one (a refused application shows only that).
  const cancelled = competition.cancelled ? [reason('event_cancelled', 'Мероприятие отменено')] : [];
  if (athlete.kind !== 'sportsman') {
    return [...cancelled, reason('not_athlete', 'Заявку подаёт спортсмен, а не организация')];
  }
  const reasons: EligibilityReason[] = [...cancelled];
  const editing = !!facts.editingRequestId && facts.editingRequestId === athlete.activeRequestId;
  if (now.getTime() > new Date(competition.registrationDeadline).getTime()) {
    reasons.push(
      reason(
        'registration_closed',
        `Приём заявок на это мероприятие закрыт ${formatFederationDate(competition.registrationDeadline)}`,
      ),
    );
  }
  if (!editing && competition.placesLimit > 0 && competition.placesTaken >= competition.placesLimit) {
    reasons.push(reason('no_places', 'Свободных мест на мероприятии нет'));
  }
  const start = new Date(competition.dateStart);
  if (!athlete.membershipUntil) {
    reasons.push(
      reason('membership_expired', 'Членство в федерации не оформлено: оформите его, чтобы подать заявку'),
    );
  } else if (new Date(athlete.membershipUntil).getTime() < start.getTime()) {
    reasons.push(
      reason(
        'membership_expired',
        `Членство в федерации действует до ${formatFederationDate(athlete.membershipUntil)} — это раньше начала мероприятия: продлите членство`,
      ),
    );
  }
  if (
    athlete.birthDate &&
    fullYears(athlete.birthDate, start) < AGE_OF_MAJORITY &&
    !athlete.hasLegalRepresentative
  ) {
    reasons.push(
      reason(
        'minor_without_representative',
        'Спортсмену не исполнится 18 лет к началу мероприятия: добавьте законного представителя в профиле',
      ),
    );
  }
  if (athlete.activeRequestId && !editing) {
    reasons.push(reason('already_applied', 'У спортсмена уже есть действующая заявка на это мероприятие'));
  }
  return reasons;
}

function programReasons(
  program: EligibilityProgram,
  facts: EligibilityFacts,
  athleteClassIds: ReadonlySet<string>,
): EligibilityReason[] {
  const reasons: EligibilityReason[] = [];
  if (program.genderApplies && program.gender !== null && program.gender !== facts.athlete.gender) {
    reasons.push(reason('gender_mismatch', 'Программа проводится для спортсменов другого пола'));
  }
  if (program.ageClassIds.length > 0 && !program.ageClassIds.some((id) => athleteClassIds.has(id))) {
    const names = program.ageClassIds
      .map((id) => facts.ageClasses.find((ageClass) => ageClass.__id === id)?.nazvanie)
      .filter((name): name is string => !!name);
    reasons.push(
      reason(
        'age_class_mismatch',
        facts.athlete.birthDate
          ? `Возрастной класс спортсмена не подходит: программа для класса ${
              names.length > 0 ? names.map((name) => `«${name}»`).join(', ') : 'другого возраста'
            }`
          : 'Возрастной класс спортсмена не подходит: в профиле нет даты рождения',
      ),
    );
  }
  return reasons;
}

/** Whether the athlete may enter the competition and which of its programs, with the reasons why not. */
export function assessEligibility(facts: EligibilityFacts, now: Date): ApplicationEligibility {
  const reasons = athleteReasons(facts, now);
  const athleteClassIds = new Set(
    ageClassesFor(facts.athlete.birthDate, facts.ageClasses, new Date(facts.competition.dateStart)).map(
      (ageClass) => ageClass.__id,
    ),
  );
  const programs = facts.competition.programs.map((program) => {
    const closed = programReasons(program, facts, athleteClassIds);
    return { programId: program.id, eligible: closed.length === 0, reasons: closed };
  });
  return {
    sportsmanId: facts.athlete.id,
    competitionId: facts.competition.id,
    eligible: reasons.length === 0 && programs.some((program) => program.eligible),
    reasons,
    programs,
    existingRequestId: facts.athlete.activeRequestId,
  };
}

/**
 * Why an application with these programs is refused, as one Russian sentence, or `null` when it may go
 * ahead: the first athlete-level reason, else the first reason of the first closed chosen program (named).
 * Programs not of the competition are the caller's to check before.
 */
export function eligibilityRefusal(
  eligibility: ApplicationEligibility,
  chosen: ReadonlyArray<{ id: string; name: string }>,
): string | null {
  const first = eligibility.reasons[0];
  if (first) return first.message;
  for (const program of chosen) {
    const closed = eligibility.programs.find((entry) => entry.programId === program.id)?.reasons[0];
    if (closed) return `Программа «${program.name}»: ${closed.message}`;
  }
  return null;
}
