import { z } from 'zod';
import { DEFAULT_TEST_SWITCHES, type YookassaTestSwitches } from './yookassa-twin.options';

/** A change of the switches through the control endpoint: any subset. */
export const switchesChangeSchema = z
  .object({
    delayMs: z.number().int().min(0).max(120_000),
    delayCalls: z.number().int().min(0).max(1000).nullable(),
    failCalls: z.number().int().min(0).max(1000),
    failStage: z.enum(['before', 'after']),
    notificationCopies: z.number().int().min(1).max(5),
    holdNotifications: z.boolean(),
  })
  .partial()
  .strict();

export type SwitchesChange = z.infer<typeof switchesChangeSchema>;

/** The test switches of one running twin (in memory: a restart starts from the module's options). */
export class YookassaSwitches {
  private state: YookassaTestSwitches;

  constructor(initial: YookassaTestSwitches) {
    this.state = { ...initial };
  }

  get current(): YookassaTestSwitches {
    return { ...this.state };
  }

  change(change: SwitchesChange): YookassaTestSwitches {
    this.state = { ...this.state, ...change };
    return this.current;
  }

  /** Back to no switch at all (not to the module's options: a test resets to a known state). */
  reset(): YookassaTestSwitches {
    this.state = { ...DEFAULT_TEST_SWITCHES };
    return this.current;
  }

  /** Whether this API call fails, and at which stage; counts it. */
  takeFailure(): 'before' | 'after' | null {
    if (this.state.failCalls <= 0) return null;
    this.state.failCalls -= 1;
    return this.state.failStage;
  }

  /** How long this API call's answer waits; counts it when only the next calls are slowed. */
  takeDelay(): number {
    const { delayMs, delayCalls } = this.state;
    if (delayMs <= 0) return 0;
    if (delayCalls === null) return delayMs;
    if (delayCalls <= 0) return 0;
    this.state.delayCalls = delayCalls - 1;
    return delayMs;
  }
}
