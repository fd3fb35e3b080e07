import { join, resolve } from 'node:path';
import { chromiumLaunchOptions } from './chromium.mjs';

const workspaceRoot = resolve(import.meta.dirname, '../..');

/** Every config's reporter beside its own: a failed or flaky test's lines for `npm test`'s closing words. */
export const outcomeSummaryReporter = [join(import.meta.dirname, 'outcome-summary-reporter.mjs')];

/**
 * What every Playwright run of the workspace shares (the journeys, the kit's stories): Debian's Chromium, a Russian
 * browser in Moscow time as the portal's people have, one retry and no `.only` on CI, and its output under
 * `dist/.playwright/{project}`. A config spreads it and adds its own.
 */
export function playwrightBase(projectDir) {
  return {
    outputDir: join(workspaceRoot, 'dist/.playwright', projectDir, 'test-output'),
    retries: process.env['CI'] ? 1 : 0,
    forbidOnly: Boolean(process.env['CI']),
    use: {
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
      screenshot: 'only-on-failure',
      launchOptions: chromiumLaunchOptions(),
    },
  };
}
