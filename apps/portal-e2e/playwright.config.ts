import { defineConfig, devices } from '@playwright/test';
import { join, resolve } from 'node:path';
import { playwrightBase } from '../../tools/playwright/base-config.mjs';
import { e2eApi } from './src/support/api-server';
import { assertFaketime, clockOffsetSeconds, runDate } from './src/support/clock';

const workspaceRoot = resolve(import.meta.dirname, '../..');
const port = Number(process.env['E2E_PORT'] ?? 4310);

// With E2E_NOW the whole product runs on that instant (support/clock.ts): the api under faketime, the browsers
// on an installed clock. Fixed here, once, before the workers start; such a run keeps its output apart.
assertFaketime();
const outputName = clockOffsetSeconds() === null ? 'apps/portal-e2e' : 'apps/portal-e2e-moved';
const base = playwrightBase(outputName);
// The api on fresh sandbox data, and the run's twin secrets (support/api-server.ts).
const { baseURL, webServer } = e2eApi({ port });
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

  webServer,
});
