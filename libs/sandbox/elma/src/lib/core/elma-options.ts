import { instantOf, systemClock, type Clock } from '@fed/calendar';
import { resolve } from 'node:path';
import { DEMO_SEED_SIZE, type DemoSeedSize } from '../seed/demo-size';

export type SandboxSeed = 'demo' | 'scale' | 'none';

export interface ElmaTwinOptions {
  /** The token callers must present (`Authorization: Bearer` or `X-Token`). */
  token: string;
  /** Directory of the SQLite file and uploaded files. Default `var/sandbox`. */
  dataDir?: string;
  /** SQLite file. Default `{dataDir}/platform.sqlite`. */
  databaseFile?: string;
  /** What an empty database is filled with at first start. Default `demo`. */
  seed?: SandboxSeed;
  /** Sizes of the `scale` seed. Default 10 000 events and 50 000 athletes. */
  scale?: { events: number; athletes: number };
  /** Base URL of the twin as callers reach it, for file links; default: taken from each request. */
  publicUrl?: string;
  /** Process starts allowed per minute before 429. Default 120. */
  processStartsPerMinute?: number;
  /** Size of the `demo` seed; tests seed a smaller federation. Default 24 clubs, 320 athletes, 48 events. */
  demoSize?: DemoSeedSize;
  /** The twin's clock: the api's own when it mounts the twin. Default the process clock. */
  clock?: Clock;
}

export interface ResolvedElmaTwinOptions {
  token: string;
  dataDir: string;
  databaseFile: string;
  filesDir: string;
  seed: SandboxSeed;
  scale: { events: number; athletes: number };
  publicUrl: string | null;
  processStartsPerMinute: number;
  demoSize: DemoSeedSize;
  now: () => Date;
}

export const ELMA_TWIN_OPTIONS = Symbol('ELMA_TWIN_OPTIONS');

/** Mount path of the twin's controllers inside the host app. */
export const ELMA_TWIN_PREFIX = 'sandbox/elma';

export function resolveElmaTwinOptions(options: ElmaTwinOptions): ResolvedElmaTwinOptions {
  if (!options.token || options.token.length < 16) {
    throw new Error('The platform twin needs a token of at least 16 characters.');
  }
  const dataDir = resolve(options.dataDir ?? 'var/sandbox');
  const clock = options.clock ?? systemClock;
  return {
    token: options.token,
    dataDir,
    databaseFile: resolve(options.databaseFile ?? resolve(dataDir, 'platform.sqlite')),
    filesDir: resolve(dataDir, 'platform-files'),
    seed: options.seed ?? 'demo',
    scale: options.scale ?? { events: 10_000, athletes: 50_000 },
    publicUrl: options.publicUrl?.replace(/\/+$/, '') ?? null,
    processStartsPerMinute: options.processStartsPerMinute ?? 120,
    demoSize: options.demoSize ?? DEMO_SEED_SIZE,
    now: () => instantOf(clock),
  };
}
