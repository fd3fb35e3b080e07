import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';
import { apiCommand } from './clock';

const workspaceRoot = resolve(import.meta.dirname, '../../../..');

/** Where a run's api answers, and how the runner starts it (none when `E2E_BASE_URL` names one already up). */
export interface E2eApi {
  baseURL: string;
  webServer: PlaywrightTestConfig['webServer'];
  /**
   * The portal's browser files this api serves: a copy of the build of its own, so that a journey may deploy
   * "another build" into it (rewrite `builds/latest.json`) without another api's pages seeing it. `null` when
   * `E2E_BASE_URL` names an api already up.
   */
  servedPortalDir: string | null;
}

/**
 * A directory fixed once per run and api: made by the runner (which loads the config first) and inherited by its
 * workers through the environment, so that a journey in a worker finds what the runner's api was given.
 */
function runDirectory(port: number): { dir: string; fresh: boolean } {
  const variable = `E2E_DATA_DIR_${port}`;
  const pinned = process.env[variable];
  if (pinned) return { dir: pinned, fresh: false };
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  process.env[variable] = dir;
  return { dir, fresh: true };
}

/**
 * The build served by one api: the browser files copied (ten megabytes, a few tens of milliseconds), the server
 * renderer beside them linked, since it is only read and its imports resolve from the workspace.
 */
function ownBuildCopy(dataDir: string, fresh: boolean): string {
  const served = join(dataDir, 'build', 'portal');
  if (fresh) {
    if (!existsSync(join(workspaceRoot, 'dist/apps/portal/index.html'))) {
      throw new Error('dist/apps/portal is missing: build first (npx nx run-many -t build -p portal api)');
    }
    mkdirSync(join(dataDir, 'build'), { recursive: true });
    cpSync(join(workspaceRoot, 'dist/apps/portal'), served, { recursive: true });
    symlinkSync(join(workspaceRoot, 'dist/apps/portal-server'), join(dataDir, 'build', 'portal-server'));
  }
  return served;
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
  if (process.env['E2E_BASE_URL']) return { baseURL, webServer: undefined, servedPortalDir: null };

  const { dir: dataDir, fresh } = runDirectory(port);
  const servedPortalDir = ownBuildCopy(dataDir, fresh);
  const api = apiCommand('node', ['dist/apps/api/main.cjs']);
  const command = [api.command, ...api.args].join(' ');
  return {
    baseURL,
    servedPortalDir,
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
        PORTAL_DIST_DIR: servedPortalDir,
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
