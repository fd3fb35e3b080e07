import { expect, test } from '../support/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@fed/sandbox-fixtures/free-port';

/**
 * The production bundle started as a deployment starts it (`node dist/apps/api/main.cjs`), once as a sandbox
 * and once as a real deployment: what only the bundle shows (its umask, the routes it maps, its exit code).
 */
const workspaceRoot = resolve(import.meta.dirname, '../../../..');
const entry = join(workspaceRoot, 'dist/apps/api/main.cjs');

/** A complete real deployment, its outside services where nothing answers. */
const realEnv: Record<string, string> = {
  NODE_ENV: 'production',
  PLATFORM_URL: 'https://federation.elma365.example',
  PLATFORM_TOKEN: 'a-real-platform-token-0123456789',
  JWT_SECRET: 'a-real-jwt-secret-of-32-characters-or-more',
  SMS_GATEWAY: 'smsru',
  SMS_RU_URL: 'https://sms.example',
  SMS_RU_API_ID: 'real-sms-api-id',
  DADATA_URL: 'https://suggestions.dadata.example',
  DADATA_TOKEN: 'real-dadata-token',
  YOOKASSA_URL: 'https://api.yookassa.example/v3',
  SMTP_URL: 'smtps://smtp.example:465',
  YOOKASSA_SHOP_ID: '123456',
  YOOKASSA_SECRET_KEY: 'live_a-real-shop-secret-key-0123456789',
  ...Object.fromEntries(
    [
      'PUBLIC_FEDERATION_PROFILE_ID',
      'PUBLIC_EXTENSION_APPLICATION_ID',
      'PUBLIC_EXTENSION_REQUESTS_ID',
      'PUBLIC_EXTENSION_FUNCTIONS_ID',
      'PUBLIC_EXTENSION_INSURANCE_ID',
      'PUBLIC_OFFER_SPORTSMAN_ID',
      'PUBLIC_OFFER_ORGANIZATION_ID',
      'PUBLIC_OFFER_USER_ID',
      'PUBLIC_DEFAULT_AGE_CLASS_ID',
    ].map((name, index) => [name, `11111111-1111-4111-8111-1111111111${String(index).padStart(2, '0')}`]),
  ),
};

interface Started {
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** Starts the bundle with only `env` (plus PATH), collecting what it prints. */
async function startBundle(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: workspaceRoot,
    env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function healthy(started: Started): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${started.base}/api/health`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
}

/** Every file and directory under `dir` with its permission bits. */
function modesUnder(dir: string): { path: string; directory: boolean; mode: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => {
    const path = join(entry.parentPath, entry.name);
    const mode = (statSync(path).mode & 0o777).toString(8);
    return { path: path.slice(dir.length), directory: entry.isDirectory(), mode };
  });
}

test.describe('the api bundle as a deployment runs it @desktop', () => {
  test.skip(!existsSync(entry), 'the api is not built');
  let dataDir: string;
  test.beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'e2e-deployment-'));
  });
  test.afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a real deployment refuses the SMS outbox, relaxed limits and a generated key, naming each', async () => {
    const env: Record<string, string> = {
      ...realEnv,
      AUTH_RELAXED_CODE_LIMITS: 'true',
      AUTH_DATA_DIR: join(dataDir, 'auth'),
    };
    delete env['SMS_GATEWAY'];
    delete env['SMS_RU_URL'];
    delete env['SMS_RU_API_ID'];
    delete env['JWT_SECRET'];
    const started = await startBundle(env);
    expect(await started.exited).toBe(1);
    for (const variable of ['SMS_GATEWAY', 'AUTH_RELAXED_CODE_LIMITS', 'JWT_SECRET or JWT_PRIVATE_KEY']) {
      expect(started.output()).toContain(`- ${variable}:`);
    }
    expect(existsSync(join(dataDir, 'auth'))).toBe(false);
  });

  test('a sandbox keeps its files owner-only; a real deployment has none of the routes it maps under /sandbox', async () => {
    const sandbox = await startBundle({
      LOG_LEVEL: 'log',
      SANDBOX_SEED: 'none',
      SANDBOX_DATA_DIR: join(dataDir, 'sandbox'),
      AUTH_DATA_DIR: dataDir,
    });
    let mapped: { method: string; path: string }[];
    let modes: ReturnType<typeof modesUnder>;
    try {
      await healthy(sandbox);
      // A write, so that the stores have their -wal and -shm files.
      await fetch(`${sandbox.base}/api/auth/LoginUser`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ phone: '+79990000009' }),
      });
      mapped = [...sandbox.output().matchAll(/Mapped \{(\/sandbox[^,]*), (\w+)\} route/g)].map(
        ([, path = '', method = '']) => ({
          method: method === 'ALL' ? 'POST' : method,
          path: path.replace(/\*\w+/g, 'probe/x').replace(/:\w+/g, 'probe'),
        }),
      );
      // While it runs: SQLite removes the -wal and -shm files when it closes.
      modes = modesUnder(dataDir);
    } finally {
      await sandbox.stop();
    }
    expect(modes.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        '/auth.sqlite-wal',
        '/jwt-secret',
        '/sandbox/platform-token',
        '/sandbox/platform.sqlite',
        '/sandbox/sms-outbox.sqlite',
        '/sandbox/yookassa.sqlite',
        '/sandbox/yookassa-secret-key',
      ]),
    );
    for (const entry of modes) {
      expect(entry).toEqual({ ...entry, mode: entry.directory ? '700' : '600' });
    }
    expect(mapped.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/sandbox/sms/latest',
        '/sandbox/elma/competition-documents/probe/review',
        '/sandbox/yookassa/v3/payments',
        '/sandbox/yookassa/checkout/probe',
      ]),
    );

    const real = await startBundle({ ...realEnv, AUTH_DATA_DIR: join(dataDir, 'real'), LOG_LEVEL: 'warn' });
    try {
      await healthy(real);
      for (const route of mapped) {
        const answer = await fetch(`${real.base}${route.path}`, {
          method: route.method,
          headers: { Accept: 'text/html,application/json', 'Content-Type': 'application/json' },
          body: route.method === 'GET' ? undefined : '{}',
        });
        expect({ route, status: answer.status, body: await answer.json() }).toEqual({
          route,
          status: 404,
          body: expect.objectContaining({ message: `Cannot ${route.method} ${route.path}` }),
        });
      }
    } finally {
      await real.stop();
    }
  });
});
