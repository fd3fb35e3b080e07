import { Global, Module, type DynamicModule } from '@nestjs/common';
import { systemClock, type Clock } from '@fed/calendar';

export type { Clock };

/** The api's one clock (`Clock` of `@fed/calendar`): every module that decides by the time injects it. */
export const CLOCK = Symbol('CLOCK');

/**
 * Provides the clock to the whole app: the process clock in production, a clock a test stands still or moves
 * (`ManualClock`) in tests. The sandbox twins the api mounts are given the same one, so the platform twin's
 * "today" is the api's.
 */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = systemClock): DynamicModule {
    return {
      module: ClockModule,
      providers: [{ provide: CLOCK, useValue: clock }],
      exports: [CLOCK],
    };
  }
}
