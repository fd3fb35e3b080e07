import { describe, expect, it } from 'vitest';
import { PolledSchedule } from './polled-schedule';

describe('PolledSchedule', () => {
  it('is due at once before any run, then once an interval has passed by the clock', () => {
    let now = 1_000_000;
    const schedule = new PolledSchedule(60 * 60_000, () => now);
    expect(schedule.takeDue()).toBe(1_000_000);
    now += 59 * 60_000;
    expect(schedule.takeDue()).toBeNull();
    now += 60_000;
    expect(schedule.takeDue()).toBe(now);
    expect(schedule.lastRunAt).toBe(now);
  });

  it('starts counting from the start when it polls by itself, and polls nothing with an interval of 0', () => {
    let now = 5_000;
    const started = new PolledSchedule(10_000, () => now);
    started.start(() => Promise.resolve());
    expect(started.takeDue()).toBeNull();
    now += 10_000;
    expect(started.takeDue()).toBe(15_000);
    started.stop();

    const never = new PolledSchedule(0, () => now);
    never.start(() => Promise.resolve());
    expect(never.lastRunAt).toBeNull();
    never.stop();
  });
});
