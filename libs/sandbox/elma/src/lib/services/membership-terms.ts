import type { MembershipTermRule } from '@fed/contracts';
import { addMonths, calendarDayOf, DAY_MS, federationInstant, seasonEnd, seasonOf } from '@fed/calendar';

/**
 * The federation's season arithmetic, as one set of pure functions that every membership answer reads: the
 * status and its choices, the term a payment writes, the season of a payment term, eligibility (a bought term
 * counts as held) and the reminders. Seasons are calendar years on the federation's (Moscow) calendar; a term
 * ends at 23:59:59 Moscow time of its last day.
 */

export { seasonEnd, seasonOf };

/** A season sold and where its term would end if paid now. */
export interface SeasonChoice {
  season: number;
  termUntil: Date;
}

function later(a: Date, b: Date | null): Date {
  return b !== null && b.getTime() > a.getTime() ? b : a;
}

/**
 * Where a term ends once a membership is paid now, by the federation's rule: to the end of the season paid
 * for, or twelve months on from today (or from the last day of a term still running), to the end of that
 * Moscow day — 29 February 2028 plus twelve months is 28 February 2029. A term never moves back.
 */
export function termAfterPaying(
  rule: MembershipTermRule,
  currentTerm: Date | null,
  season: number,
  now: Date,
): Date {
  if (rule === 'calendar_year') return later(seasonEnd(season), currentTerm);
  const lastDay = addMonths(calendarDayOf(later(now, currentTerm)), 12);
  return later(federationInstant(lastDay, 23, 59, 59), currentTerm);
}

/**
 * Whether a calendar-year season ends within the reminder period (`reminderDays`, a platform setting): from then
 * on a new membership is sold for the next season, as the reminder of the term's end starts the same day.
 */
export function seasonEnding(season: number, now: Date, reminderDays: number): boolean {
  return seasonEnd(season).getTime() - now.getTime() <= reminderDays * DAY_MS;
}

/** Whether a term already lasts to the end of a season. */
export function holdsSeason(currentTerm: Date | null, season: number): boolean {
  return currentTerm !== null && currentTerm.getTime() >= seasonEnd(season).getTime();
}

/**
 * The season a new membership request is for by default: the current one; the next once the current one is
 * held, or once the current one ends within the reminder period (paid on 20 December, the next season's term
 * covers the rest of December too, instead of eleven days).
 */
export function offeredSeason(
  rule: MembershipTermRule,
  currentTerm: Date | null,
  now: Date,
  reminderDays: number,
): number {
  if (rule === 'twelve_months') return seasonOf(later(now, currentTerm));
  const current = seasonOf(now);
  return holdsSeason(currentTerm, current) || seasonEnding(current, now, reminderDays)
    ? current + 1
    : current;
}

/**
 * Every season a request may be for now, the offered one first: with calendar years the next one may be bought
 * ahead of time (an athlete entering a January event in November buys the season the event falls in).
 */
export function seasonChoices(
  rule: MembershipTermRule,
  currentTerm: Date | null,
  now: Date,
  reminderDays: number,
): SeasonChoice[] {
  const offered = offeredSeason(rule, currentTerm, now, reminderDays);
  const next = seasonOf(now) + 1;
  const seasons = rule === 'twelve_months' || offered >= next ? [offered] : [offered, next];
  return seasons.map((season) => ({ season, termUntil: termAfterPaying(rule, currentTerm, season, now) }));
}

/** The first choice whose term lasts until the event starts, if any: the one to sell with its entry fee. */
export function choiceCovering(choices: readonly SeasonChoice[], eventStart: Date): SeasonChoice | null {
  return choices.find((choice) => choice.termUntil.getTime() >= eventStart.getTime()) ?? null;
}

/**
 * The season a membership request buys when it is paid now: the season it was made for, unless that is no
 * longer sold (made at 23:55 on the day before the reminder period opens, paid at 00:05 in it): then the season
 * the same fee buys now, so nobody pays for a season that ends in days.
 */
export function seasonAtPayment(
  rule: MembershipTermRule,
  requestSeason: number | null,
  currentTerm: Date | null,
  now: Date,
  reminderDays: number,
): number {
  const offered = offeredSeason(rule, currentTerm, now, reminderDays);
  return requestSeason === null || rule === 'twelve_months' ? offered : Math.max(requestSeason, offered);
}
