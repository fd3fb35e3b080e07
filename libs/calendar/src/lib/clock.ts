/**
 * Where business logic takes the time from. Nothing outside this file reads the process clock for a
 * decision (a lint rule forbids a bare `new Date()` / `Date.now()` elsewhere): a server, a twin and a page
 * take a `Clock`, so tests state their instant and every "today" is the same one.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
}

/** The process's own clock: what production runs on (and what `faketime` moves). */
export const systemClock: Clock = { now: () => Date.now() };

/** The clock's instant as a `Date`. */
export function instantOf(clock: Clock): Date {
  return new Date(clock.now());
}

/** A clock that stands still at one instant. */
export function fixedClock(instant: Date | string | number): Clock {
  const at = new Date(instant).getTime();
  if (Number.isNaN(at)) throw new RangeError(`fixedClock: not an instant: ${String(instant)}`);
  return { now: () => at };
}

/**
 * A clock that starts at an instant and runs at the process's pace: suites that need time to pass (expiry,
 * ordering by creation) on a date of their choosing, whatever the day they run.
 */
export function runningClockFrom(instant: Date | string | number): Clock {
  const start = new Date(instant).getTime();
  if (Number.isNaN(start)) throw new RangeError(`runningClockFrom: not an instant: ${String(instant)}`);
  const startedAt = performance.now();
  return { now: () => start + Math.floor(performance.now() - startedAt) };
}

/** A clock tests move by hand: it stands still until told to go on. */
export class ManualClock implements Clock {
  private at: number;

  constructor(start: Date | string | number = DEFAULT_TEST_INSTANT) {
    this.at = new Date(start).getTime();
    if (Number.isNaN(this.at)) throw new RangeError(`ManualClock: not an instant: ${String(start)}`);
  }

  now(): number {
    return this.at;
  }

  advance(ms: number): void {
    this.at += ms;
  }

  set(instant: Date | string | number): void {
    this.at = new Date(instant).getTime();
  }
}

/**
 * The instant test suites stand at unless a test names another: a weekday in mid-June, far from a season's
 * end, a reminder window, a leap day and Moscow midnight, so that a suite which forgets its date still passes
 * on every day of the year.
 */
export const DEFAULT_TEST_INSTANT = '2026-06-17T09:00:00.000Z';
