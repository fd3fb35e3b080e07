import { test as base, expect } from '@playwright/test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { FirefoxDriver } from './bidi';
import type { EngineDriver, EngineName, EngineParts } from './driver';
import { EnginePage } from './page';
import { WebKitDriver } from './webdriver';

/** What a project of the engines' config says: which engine, at which width. */
export interface EngineOptions {
  engine: EngineName;
  width: number;
  /** Where the engine's executables are (tools/playwright/engines.mjs, looked up by the config). */
  parts: EngineParts;
}

/** Starts an engine's browser (its driver, for WebKit) for a worker. */
export async function launchEngine(engine: EngineName, parts: EngineParts): Promise<EngineDriver> {
  return engine === 'webkit' ? WebKitDriver.launch(parts) : FirefoxDriver.launch(parts);
}

/**
 * The portal's own error reports (`POST /log`, written by the api as `[ClientLog]` warnings) in its log from
 * `offset` on: every uncaught error and unhandled rejection of the app, and every failed call, in any engine,
 * from the app's start on. The runner (tools/scripts/engines.mjs) has the api write its log to `E2E_API_LOG`.
 */
export function clientErrorsSince(offset: number): string[] {
  const file = process.env['E2E_API_LOG'];
  if (!file || !existsSync(file)) return [];
  const text = readFileSync(file).subarray(offset).toString('utf8');
  return [...text.matchAll(/\[ClientLog\][^{]*\{[^}]*?msg: '((?:[^'\\]|\\.)*)'/g)].map(
    (found) => `reported to /log: ${found[1] ?? ''}`,
  );
}

export function apiLogSize(): number {
  const file = process.env['E2E_API_LOG'];
  return file && existsSync(file) ? statSync(file).size : 0;
}

/**
 * What fails a journey besides its own steps: the console errors and uncaught exceptions the driver saw since it
 * was last asked, and the portal's reports to /log since the api's log was `logOffset` long.
 */
export async function breaksSeen(driver: EngineDriver, logOffset: number): Promise<string[]> {
  return [...(await driver.takeErrors()), ...clientErrorsSince(logOffset)];
}

/**
 * The cross-engine journeys' `test`: `site` is a clean page of the project's engine at its width. A journey
 * fails when the page logged a console error or threw an uncaught exception, or the portal reported an error of
 * its own, while it ran: each is a break a person in that engine would meet.
 */
export const test = base.extend<
  { site: EnginePage; expectedErrors: RegExp[] },
  EngineOptions & { driver: EngineDriver }
>({
  engine: ['firefox', { option: true, scope: 'worker' }],
  width: [1280, { option: true, scope: 'worker' }],
  parts: [{}, { option: true, scope: 'worker' }],
  driver: [
    async ({ engine, parts }, use) => {
      const driver = await launchEngine(engine, parts);
      await use(driver);
      await driver.close();
    },
    // Firefox takes its half minute to start on a busy machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  expectedErrors: [[], { option: true }],
  site: async ({ driver, width, baseURL, expectedErrors }, use, testInfo) => {
    const origin = baseURL ?? '';
    await driver.reset(origin);
    const shown = await driver.resize(width, 800);
    const site = new EnginePage(driver, origin, shown);
    await driver.takeErrors();
    const logOffset = apiLogSize();
    await use(site);
    if (testInfo.status !== testInfo.expectedStatus) {
      await driver
        .screenshot(testInfo.outputPath(`failed-${driver.engine}-${width}.png`))
        .catch(() => undefined);
    }
    const errors = (await breaksSeen(driver, logOffset)).filter(
      (line) => !expectedErrors.some((expected) => expected.test(line)),
    );
    expect(errors, 'console errors, uncaught exceptions and reports to /log while the journey ran').toEqual(
      [],
    );
  },
});

export { expect };
