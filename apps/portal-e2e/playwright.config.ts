import { defineConfig, devices } from '@playwright/test';
import { join, resolve } from 'node:path';
import { outcomeSummaryReporter, playwrightBase } from '../../tools/playwright/base-config.mjs';
import { e2eApi } from './src/support/api-server';
import { assertFaketime, clockOffsetSeconds, runDate } from './src/support/clock';

const workspaceRoot = resolve(import.meta.dirname, '../..');
const port = Number(process.env['E2E_PORT'] ?? 4310);

// With E2E_NOW the whole product runs on that instant (support/clock.ts): the api under faketime, the browsers
// on an installed clock. Fixed here, once, before the workers start; such a run keeps its output apart.
assertFaketime();
const outputName = clockOffsetSeconds() === null ? 'apps/portal-e2e' : 'apps/portal-e2e-moved';
const base = playwrightBase(outputName);
// An api a width, each on fresh sandbox data of its own with the run's twin secrets (support/api-server.ts), so
// that the two widths run side by side: journeys of one width share the demo federation and run one at a time.
const phoneApi = e2eApi({ port });
const desktopApi = e2eApi({ port: port + 1 });
// One api already up (`E2E_BASE_URL`) is shared by both widths: then one journey at a time in all.
const sharedApi = phoneApi.webServer === undefined;
if (clockOffsetSeconds() !== null) console.log(`Journeys on the clock of ${runDate().toISOString()}`);

export default defineConfig({
  ...base,
  testDir: './src/journeys',
  fullyParallel: false,
  workers: sharedApi ? 1 : 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: join(workspaceRoot, 'dist/.playwright', outputName, 'report') }],
    ['json', { outputFile: join(workspaceRoot, 'dist/.playwright', outputName, 'results.json') }],
    outcomeSummaryReporter,
  ],
  use: { ...base.use, trace: 'retain-on-failure' },
  // A journey tagged @desktop or @mobile runs at that width only (e.g. one sign-in per demo phone and minute).
  projects: [
    {
      name: 'mobile-375',
      grepInvert: /@desktop/,
      workers: 1,
      metadata: { servedPortalDir: phoneApi.servedPortalDir },
      use: {
        ...devices['Desktop Chrome'],
        baseURL: phoneApi.baseURL,
        viewport: { width: 375, height: 740 },
        isMobile: false,
      },
    },
    {
      name: 'desktop-1280',
      grepInvert: /@mobile/,
      workers: 1,
      metadata: { servedPortalDir: desktopApi.servedPortalDir },
      use: {
        ...devices['Desktop Chrome'],
        baseURL: desktopApi.baseURL,
        viewport: { width: 1280, height: 800 },
      },
    },
  ],

  webServer: [phoneApi.webServer, desktopApi.webServer].flatMap((server) => server ?? []),
});
