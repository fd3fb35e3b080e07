import { calendarDayOf, fullYearsOn, seasonOf, sportAgeIn } from '@fed/calendar';
import { AGE_OF_MAJORITY } from '@fed/contracts';
import type { AgeClassSeed, Athlete, Competition, Program } from './seed-context';
import { fullYearsInDays } from './seed-values';

const holds = (ageClass: AgeClassSeed, age: number) =>
  (ageClass.age_from ?? -Infinity) <= age && age <= (ageClass.age_to ?? Infinity);

/**
 * The programs of an event the seed enters an athlete in: the platform's rules (a membership lasting until the
 * start, a legal representative for who is under 18 on the start day, the gender, the age class of the sport
 * age in the event's season), decided from the draws alone so that every day the demo is seeded on makes the
 * same entries.
 *
 * The sport age in the event's season is the full years on its first day, or one more when the birthday of that
 * season is still ahead: which of the two depends on where New Year falls between the two days, i.e. on the day
 * the demo is seeded. So the seed enters an athlete only in a class holding both, and not at all within a few
 * days of a birthday (where even the full years depend on leap years). Every entry it makes is one the platform
 * accepts by its season rule; this checks it against the calendar and throws if the rule and the draws disagree.
 */
export function programsOpenTo(athlete: Athlete, competition: Competition): Program[] {
  const years = fullYearsInDays(athlete.age, athlete.daysSinceBirthday, competition.startInDays);
  if (years === null) return [];
  if (athlete.termInDays === null || athlete.termInDays < competition.startInDays) return [];
  if (years < AGE_OF_MAJORITY && !athlete.hasRepresentative) return [];
  const open = competition.programs.filter(
    (program) =>
      (program.gender === null || program.gender === athlete.gender) &&
      holds(program.ageClass, years) &&
      holds(program.ageClass, years + 1),
  );
  const onTheDay = fullYearsOn(athlete.birthDay, calendarDayOf(competition.start));
  const sportAge = sportAgeIn(athlete.birthDay, seasonOf(competition.start));
  if (
    onTheDay !== years ||
    (open.length > 0 && !open.every((program) => holds(program.ageClass, sportAge)))
  ) {
    throw new Error(
      `the demo seed counts ${athlete.name} ${years} at «${competition.name}», the calendar ${onTheDay} (sport age ${sportAge})`,
    );
  }
  return open;
}
