import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';
import { apiCommand } from './clock';

const workspaceRoot = resolve(import.meta.dirname, '../../../..');

/** Where a run's api answers, and how the runner starts it (none when `E2E_BASE_URL` names one already up). */
export interface E2eApi {
  baseURL: string;
  webServer: PlaywrightTestConfig['webServer'];
}

/**
 * The api a journey run talks to, for every runner of the journeys (Chromium's Playwright journeys, the other
 * engines'): the production build on `port`, served the way `npm start` serves it, on fresh sandbox data so that
 * journeys never depend on what an earlier run wrote, on the run's clock (`support/clock.ts`).
 *
 * It fixes the run's twin secrets in the environment, once, before the workers start: the platform twin's token
 * (`E2E_PLATFORM_TOKEN`: journeys present it where only the twin's owner may write, such as the federation's
 * document review) and the YooKassa twin's shop key (`E2E_YOOKASSA_SECRET_KEY`: the twin's test switches). The
 * workers inherit them. With `E2E_BASE_URL`, set both to those of that api's twins.
 *
 * `logFile`: the api's output goes there (appended), for a runner that reads what the api logged, such as the
 * portal's own error reports (`POST /log`); otherwise Playwright drops it.
 */
export function e2eApi({ port, logFile }: { port: number; logFile?: string }): E2eApi {
  const baseURL = process.env['E2E_BASE_URL'] ?? `http://127.0.0.1:${port}`;
  process.env['E2E_PLATFORM_TOKEN'] ??= randomBytes(24).toString('hex');
  process.env['E2E_YOOKASSA_SECRET_KEY'] ??= `test_${randomBytes(16).toString('hex')}`;
  if (process.env['E2E_BASE_URL']) return { baseURL, webServer: undefined };

  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const api = apiCommand('node', ['dist/apps/api/main.cjs']);
  const command = [api.command, ...api.args].join(' ');
  return {
    baseURL,
    webServer: {
      // Playwright runs the command in a shell: the redirection keeps the api's log where the runner reads it.
      command: logFile ? `${command} >> '${logFile}' 2>&1` : command,
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
        // A log read by a program: no colours.
        NO_COLOR: '1',
        // Journeys sign the same demo phones in many times: no minute between codes in this sandbox run.
        AUTH_RELAXED_CODE_LIMITS: 'true',
        PLATFORM_TOKEN: process.env['E2E_PLATFORM_TOKEN'],
        YOOKASSA_SECRET_KEY: process.env['E2E_YOOKASSA_SECRET_KEY'],
        ...api.env,
      },
    },
  };
}
