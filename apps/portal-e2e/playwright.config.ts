import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { playwrightBase } from '../../tools/playwright/base-config.mjs';
import { apiCommand, assertFaketime, clockOffsetSeconds, runDate } from './src/support/clock';

const workspaceRoot = resolve(import.meta.dirname, '../..');
const port = Number(process.env['E2E_PORT'] ?? 4310);
const baseURL = process.env['E2E_BASE_URL'] ?? `http://127.0.0.1:${port}`;
// Each run starts the api on fresh sandbox data, so journeys never depend on what an earlier run wrote.
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// The platform twin's token for this run: the api is started with it and journeys present it where only the
// twin's owner may write (the federation's document review). Set by the runner, inherited by its workers;
// with E2E_BASE_URL, set E2E_PLATFORM_TOKEN to the token of that api's twin.
process.env['E2E_PLATFORM_TOKEN'] ??= randomBytes(24).toString('hex');
// The YooKassa twin's shop key for this run, likewise: journeys use the twin's test switches with it (an expired
// payment). With E2E_BASE_URL, set E2E_YOOKASSA_SECRET_KEY to the key of that api's twin shop.
process.env['E2E_YOOKASSA_SECRET_KEY'] ??= `test_${randomBytes(16).toString('hex')}`;

// With E2E_NOW the whole product runs on that instant (support/clock.ts): the api under faketime, the browsers
// on an installed clock. Fixed here, once, before the workers start; such a run keeps its output apart.
assertFaketime();
const outputName = clockOffsetSeconds() === null ? 'apps/portal-e2e' : 'apps/portal-e2e-moved';
const base = playwrightBase(outputName);
const api = apiCommand('node', ['dist/apps/api/main.cjs']);
if (clockOffsetSeconds() !== null) console.log(`Journeys on the clock of ${runDate().toISOString()}`);

export default defineConfig({
  ...base,
  testDir: './src/journeys',
  fullyParallel: false,
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: join(workspaceRoot, 'dist/.playwright', outputName, 'report') }],
  ],
  use: { ...base.use, baseURL, trace: 'retain-on-failure' },
  // A journey tagged @desktop or @mobile runs at that width only (e.g. one sign-in per demo phone and minute).
  projects: [
    {
      name: 'mobile-375',
      grepInvert: /@desktop/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, isMobile: false },
    },
    {
      name: 'desktop-1280',
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],

  webServer: process.env['E2E_BASE_URL']
    ? undefined
    : {
        // The production build, served the way `npm start` serves it.
        command: [api.command, ...api.args].join(' '),
        cwd: workspaceRoot,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          SANDBOX_DATA_DIR: join(dataDir, 'sandbox'),
          AUTH_DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          // Journeys sign the same demo phones in many times: no minute between codes in this sandbox run.
          AUTH_RELAXED_CODE_LIMITS: 'true',
          PLATFORM_TOKEN: process.env['E2E_PLATFORM_TOKEN'],
          YOOKASSA_SECRET_KEY: process.env['E2E_YOOKASSA_SECRET_KEY'],
          ...api.env,
        },
      },
});
