/** How big the demo federation is; tests use a smaller one. */
export interface DemoSeedSize {
  clubs: number;
  athletes: number;
  competitions: number;
}

export const DEMO_SEED_SIZE: DemoSeedSize = { clubs: 24, athletes: 320, competitions: 48 };
