import { test as base, type BrowserContext } from '@playwright/test';
import { clockOffsetSeconds } from './clock';

/**
 * Moves a page's wall clock by `offsetMs`, as faketime moves the api's: `Date.now()` and `new Date()` read the
 * moved time, while timers, animation frames and `performance` keep the real pace. (Playwright's own clock
 * replaces the timers too, and the portal's flows that wait on them then stall.) Runs in the page, before its
 * scripts.
 */
function moveWallClock(offsetMs: number): void {
  const RealDate = Date;
  const movedNow = () => RealDate.now() + offsetMs;
  function MovedDate(this: unknown, ...args: unknown[]): Date | string {
    // Called without `new`, `Date()` gives the time as a string.
    if (!new.target) return new RealDate(movedNow()).toString();
    return args.length === 0 ? new RealDate(movedNow()) : (Reflect.construct(RealDate, args) as Date);
  }
  // Every date, made here or by the engine, is still `instanceof Date`.
  MovedDate.prototype = RealDate.prototype;
  Object.assign(MovedDate, { now: movedNow, parse: RealDate.parse, UTC: RealDate.UTC });
  globalThis.Date = MovedDate as unknown as DateConstructor;
}

/**
 * Puts a browser context on the run's clock: on a run moved by `E2E_NOW`, every page's wall clock is moved by the
 * api's offset (`support/clock.ts`) before its first script runs, so the page and the api agree on today; on an
 * ordinary run nothing changes. Every context the journeys' `test` gives is on it; a journey that opens a
 * context of its own puts it there with this.
 */
export async function onRunClock(context: BrowserContext): Promise<BrowserContext> {
  const offset = clockOffsetSeconds();
  if (offset !== null) await context.addInitScript(moveWallClock, offset * 1000);
  return context;
}

/** Playwright's `test`, with every context on the run's clock. */
export const test = base.extend<{ runClock: void }>({
  runClock: [
    async ({ context }, use) => {
      await onRunClock(context);
      await use();
    },
    { auto: true },
  ],
});

// The journeys import everything of Playwright's from here, so that none takes the `test` without the clock.
export * from '@playwright/test';
