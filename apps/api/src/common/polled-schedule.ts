/**
 * When a periodic job of the api runs, by the app's clock: due once `intervalMs` has passed since the last run,
 * polled at most once a minute so that a long interval still runs on time after the clock moved (a test's manual
 * clock, a corrected server clock). The first run comes one interval after the start, so instances restarted
 * together do not all run at once. `intervalMs` 0 or less: never by itself (tests call the job directly).
 */
export class PolledSchedule {
  private timer: NodeJS.Timeout | null = null;
  /** When the last run started (epoch ms); `null` before the first. A job may move it (to run earlier). */
  lastRunAt: number | null = null;

  constructor(
    readonly intervalMs: number,
    private readonly now: () => number,
  ) {}

  /** Polls `tick` (which asks {@link takeDue}) until {@link stop}; nothing when the interval is 0 or less. */
  start(tick: () => Promise<unknown>): void {
    if (this.intervalMs <= 0) return;
    this.lastRunAt = this.now();
    this.timer = setInterval(() => void tick(), Math.min(this.intervalMs, 60_000));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The instant a run is due at and starts now (marked as the last run), or `null` when it is not due yet. */
  takeDue(): number | null {
    const now = this.now();
    if (this.lastRunAt !== null && now - this.lastRunAt < this.intervalMs) return null;
    this.lastRunAt = now;
    return now;
  }
}
