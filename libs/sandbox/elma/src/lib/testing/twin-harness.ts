import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElmaTwinOptions } from '../core/elma-options';
import { ElmaTwinModule } from '../elma-twin.module';

export const TEST_TOKEN = 'test-token-0123456789abcdef';

/** A small demo federation: enough of everything for the contract suite, fast to seed. */
export const SMALL_DEMO = { clubs: 4, athletes: 60, competitions: 14 };

export interface TwinHarness {
  app: INestApplication;
  dataDir: string;
  /** Stops the app; the data directory stays for a restart. */
  close(): Promise<void>;
  /** Stops the app and removes the data directory. */
  dispose(): Promise<void>;
}

/** Starts the twin alone in a Nest app over a temp data dir (or the given one). */
export async function startTwin(options: Partial<ElmaTwinOptions> = {}): Promise<TwinHarness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'elma-twin-'));
  const moduleRef = await Test.createTestingModule({
    imports: [
      ElmaTwinModule.forRoot({ token: TEST_TOKEN, seed: 'demo', demoSize: SMALL_DEMO, ...options, dataDir }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  const close = async () => {
    await app.close();
  };
  return {
    app,
    dataDir,
    close,
    dispose: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
