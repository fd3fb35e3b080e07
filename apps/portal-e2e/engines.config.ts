import { defineConfig } from '@playwright/test';
import { join, resolve } from 'node:path';
import { outcomeSummaryReporter } from '../../tools/playwright/base-config.mjs';
import { ENGINES, type EngineName } from '../../tools/playwright/engines.mjs';
import { e2eApi } from './src/support/api-server';
import type { EngineOptions } from './src/engines/test';

/**
 * The core journeys in one engine other than Chromium (`E2E_ENGINE`: webkit or firefox), at its phone width and
 * at 1280: a project per width, one after the other, against an api of the run's own on `E2E_PORT`. The runner
 * (`tools/scripts/engines.mjs`) starts one such run per engine, side by side, each with its own port and api, and
 * prints the table of all of them. Playwright Test is the harness (TypeScript, the support code, the report); the
 * browsers are driven by `src/engines` over WebDriver, not by Playwright.
 */
const workspaceRoot = resolve(import.meta.dirname, '../..');
const engine = (process.env['E2E_ENGINE'] ?? 'firefox') as EngineName;
if (!(engine in ENGINES))
  throw new Error(`E2E_ENGINE is ${engine}: one of ${Object.keys(ENGINES).join(', ')}`);
const port = Number(process.env['E2E_PORT'] ?? 4910);
const outputDir = join(workspaceRoot, 'dist/.playwright/apps/portal-e2e-engines', engine);
const { baseURL, webServer } = e2eApi({ port, logFile: process.env['E2E_API_LOG'] });

export default defineConfig<EngineOptions>({
  testDir: './src/engines',
  testMatch: '**/*.engine.ts',
  outputDir: join(outputDir, 'test-output'),
  fullyParallel: false,
  workers: 1,
  // A journey of a dozen steps, each polled over WebDriver on a shared machine.
  timeout: 120_000,
  // One retry: Firefox now and then holds a page loaded afresh (an account switch, a return from the payment
  // page) for longer than a step waits, which no journey step can tell from a defect. A journey that passes
  // only on its retry is marked `flaky` in the table and listed in `npm test`'s closing lines, never hidden.
  retries: 1,
  forbidOnly: Boolean(process.env['CI']),
  reporter: [['list'], ['json', { outputFile: join(outputDir, 'results.json') }], outcomeSummaryReporter],
  use: { baseURL },
  projects: ENGINES[engine].widths.map((width) => ({
    name: `${engine}-${width}`,
    use: {
      engine,
      width,
      parts: Object.fromEntries(ENGINES[engine].parts.map((part) => [part.what, part.path])),
    },
    // A journey tagged @desktop or @phone runs at that width only.
    grepInvert: width >= 1024 ? /@phone/ : /@desktop/,
  })),
  webServer,
});
