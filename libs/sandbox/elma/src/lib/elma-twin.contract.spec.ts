import { systemClock } from '@fed/calendar';
import { type PublicConfig } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import request from 'supertest';
import { afterAll, beforeAll, describe } from 'vitest';
import { platformContractSuite, type ContractTarget } from './testing/platform-contract';
import { startTwin, TEST_TOKEN, type TwinHarness } from './testing/twin-harness';

/**
 * The platform contract over HTTP against the twin (a small seeded federation in a temp dir).
 *
 * The same suite runs against a real ELMA365 when `CONTRACT_PLATFORM_URL` (base URL, e.g.
 * `https://federation.elma365.ru`) and `CONTRACT_PLATFORM_TOKEN` are set; it is skipped otherwise. Against a
 * real upstream it only reads and checks error answers, unless `CONTRACT_PLATFORM_WRITES=1`.
 * `CONTRACT_PLATFORM_PUBLIC_CONFIG` may hold a JSON public config with the upstream's module and document ids.
 *
 * Both run on the process's clock: a real platform runs on the day it is, and the suite lays out the days it
 * names from its target's clock, so the twin runs on the day too, and the runs at named instants check that the
 * suite holds on each of them.
 */
describe('ELMA twin: platform contract', () => {
  let twin: TwinHarness;
  const clock = systemClock;
  beforeAll(async () => {
    twin = await startTwin({ clock });
  });
  afterAll(async () => {
    await twin.dispose();
  });

  platformContractSuite(
    (): ContractTarget => ({
      client: () => request(twin.app.getHttpServer()),
      prefix: '/sandbox/elma',
      token: TEST_TOKEN,
      extensions: sandboxPublicConfig.extensions,
      offerDocumentIds: sandboxPublicConfig.offerDocumentIds,
      clock,
    }),
    { writes: true },
  );
});

const upstreamUrl = process.env['CONTRACT_PLATFORM_URL'];
const upstreamToken = process.env['CONTRACT_PLATFORM_TOKEN'];

describe.skipIf(!upstreamUrl || !upstreamToken)('real platform: the same contract', () => {
  const config: PublicConfig = process.env['CONTRACT_PLATFORM_PUBLIC_CONFIG']
    ? (JSON.parse(process.env['CONTRACT_PLATFORM_PUBLIC_CONFIG']) as PublicConfig)
    : sandboxPublicConfig;
  const url = new URL(upstreamUrl ?? 'http://127.0.0.1');
  platformContractSuite(
    (): ContractTarget => ({
      client: () => request(url.origin),
      prefix: url.pathname.replace(/\/+$/, ''),
      token: upstreamToken ?? '',
      extensions: config.extensions,
      offerDocumentIds: config.offerDocumentIds,
      clock: systemClock,
    }),
    { writes: process.env['CONTRACT_PLATFORM_WRITES'] === '1' },
  );
});
