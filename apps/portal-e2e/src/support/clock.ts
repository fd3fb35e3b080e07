import { spawnSync } from 'node:child_process';
import {
  addDays,
  addMonths,
  calendarDayOf,
  federationInstant,
  type CalendarDay,
  type Clock,
} from '@fed/calendar';

/**
 * The run's clock: what "now" and "today" are for the journeys. On an ordinary run it is the machine's. With
 * `E2E_NOW` (an ISO instant) the whole product stands on that day: the api runs under faketime moved by a whole
 * number of seconds (`apiCommand`), every browser context's clock is installed at the same moment
 * (`support/test.ts`), and the journeys read it here, so that a journey's "today" is the api's and the page's.
 * The runner and Chromium themselves keep the real clock: Chromium hangs under faketime's preload.
 *
 * "Today" is the federation's Moscow day (ADR 0022), not the runner's local one: the portal and the twin decide
 * by it, and near midnight the two differ.
 */

/** Where the runner leaves the offset it fixed, for its workers and for the processes they start. */
const OFFSET_VARIABLE = 'E2E_CLOCK_OFFSET_SECONDS';

/**
 * Seconds the run's clock is ahead of the machine's (negative: behind), or `null` on an ordinary run. Fixed once
 * by the first process that asks (the runner, loading the config) and inherited by its workers through the
 * environment, so that the api, every browser and every journey are moved by the same amount; a worker
 * computing its own would be off by the seconds between the two starts.
 */
export function clockOffsetSeconds(): number | null {
  const moved = process.env['E2E_NOW'];
  if (!moved) return null;
  const pinned = process.env[OFFSET_VARIABLE];
  if (pinned !== undefined) return Number(pinned);
  const at = Date.parse(moved);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(moved) || Number.isNaN(at)) {
    throw new Error(`E2E_NOW is not an ISO instant (such as 2026-12-20T09:00:00Z): ${moved}`);
  }
  // Whole seconds: faketime takes its offset in seconds, and the browsers must agree with it to the millisecond.
  const offset = Math.round((at - Date.now()) / 1000);
  process.env[OFFSET_VARIABLE] = String(offset);
  return offset;
}

/** The run's instant now, in epoch milliseconds: `E2E_NOW` and the time since the run started, or the real one. */
export function runNow(): number {
  return Date.now() + (clockOffsetSeconds() ?? 0) * 1000;
}

/** The run's clock in the shape the product's code takes (`@fed/calendar`). */
export const runClock: Clock = { now: runNow };

/** The run's instant as a `Date`, for what is written as an instant (a cancellation's time, say). */
export function runDate(): Date {
  return new Date(runNow());
}

/** Today on the federation's calendar, by the run's clock. */
export function runToday(): CalendarDay {
  return calendarDayOf(runNow());
}

/** The federation's day `days` from today (before it, when negative). */
export function dayFromToday(days: number): CalendarDay {
  return addDays(runToday(), days);
}

/** The current year of the federation's calendar: the footer's «©», the season on sale by default. */
export function runYear(): number {
  return runToday().year;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `DD.MM.YYYY` as typed into a masked date field: its digits only. */
export function typedDigits({ year, month, day }: CalendarDay): string {
  return `${pad(day)}${pad(month)}${year}`;
}

/** The typed digits of the federation's day `days` from today. */
export function dayDigits(days: number): string {
  return typedDigits(dayFromToday(days));
}

/** The birthday of someone who turns `years` today (the last day of February for a 29 February that is not). */
export function birthdayYearsAgo(years: number): CalendarDay {
  return addMonths(runToday(), -12 * years);
}

/** 23:59 Moscow time of the federation's day `days` from today: where the demo seed ends a membership term. */
export function lastMinuteOfDay(days: number): Date {
  return federationInstant(dayFromToday(days), 23, 59);
}

/**
 * How to start a process of the product (the api's bundle) on the run's clock: under faketime by the run's
 * offset when the run is moved, as it is otherwise. Monotonic time is left alone so that timers keep their pace.
 */
export function apiCommand(
  command: string,
  args: readonly string[],
): { command: string; args: string[]; env: Record<string, string> } {
  const offset = clockOffsetSeconds();
  if (offset === null) return { command, args: [...args], env: {} };
  return {
    command: 'faketime',
    args: ['-f', `${offset >= 0 ? '+' : ''}${offset}s`, command, ...args],
    env: { FAKETIME_DONT_FAKE_MONOTONIC: '1' },
  };
}

/** Stops the run at once, with the fix, when a moved run has no faketime to move the api with. */
export function assertFaketime(): void {
  if (clockOffsetSeconds() === null) return;
  if (spawnSync('faketime', ['--version'], { stdio: 'ignore', timeout: 5_000 }).error) {
    throw new Error('E2E_NOW moves the api with faketime, which is missing: apt-get install faketime');
  }
}
