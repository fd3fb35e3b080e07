/**
 * What the benchmarks share: a free port, the built api started on a throwaway data directory, percentiles,
 * how to launch Debian's Chromium.
 * Plain Node (no build step), like the benchmarks themselves.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The api build the benchmarks start: `BENCH_API_ENTRY` names another (a "before" kept aside to compare). */
/** `sandboxPublicConfig.extensions.functions` (libs/sandbox-fixtures): the twin's module of the events' scripts. */
export const FUNCTIONS_MODULE = '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c03';

export const apiEntry = process.env['BENCH_API_ENTRY'] ?? join(root, 'dist/apps/api/main.cjs');

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Resolves with the ms it took `base/api/health` to answer, or throws when the child exits or time runs out. */
export async function waitForHealth(base, child, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode}`);
    try {
      const answer = await fetch(`${base}/api/health`);
      if (answer.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the api did not become healthy in time');
}

/** Launch options of Debian's Chromium (or `CHROMIUM_PATH`) for playwright's `chromium.launch`. */
export function chromiumLaunchOptions() {
  return {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Starts the built api on a free port with a fresh sandbox (`seed`: 'demo' or 'scale', or `null` for a real
 * deployment whose settings `env` gives); `env` adds settings, `nodeArgs` go to node, `entry` is another build of the api (a benchmark's "before"). Returns its base URL, process id, data directory, start-up time and `stop` (which also removes the data).
 */
export async function startApi({
  seed = 'demo',
  env = {},
  healthTimeoutMs = 300_000,
  nodeArgs = [],
  entry = apiEntry,
} = {}) {
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: run "npx nx run-many -t build -p api portal" first.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // A real deployment (`PLATFORM_URL` set) refuses every sandbox setting: `seed: null` sends none.
      ...(seed === null ? {} : { SANDBOX_SEED: seed, SANDBOX_DATA_DIR: join(dataDir, 'sandbox') }),
      AUTH_DATA_DIR: join(dataDir, 'auth'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const kill = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', kill);
  /** Stops the api and removes its data directory. */
  const stop = async () => {
    kill();
    await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const startMs = await waitForHealth(base, child, healthTimeoutMs);
  return { base, pid: child.pid, dataDir, startMs, stop };
}

/** An upcoming demo event of the fresh sandbox, read through the api's proxy as the portal reads it. */
export async function demoEventId(base) {
  const data = encodeURIComponent(JSON.stringify({ when: 'upcoming', size: 5 }));
  const url = encodeURIComponent(`/api/extensions/${FUNCTIONS_MODULE}/script/getEvents?data=${data}`);
  const answer = await fetch(`${base}/api/proxy?url=${url}`);
  if (!answer.ok) throw new Error(`getEvents answers ${answer.status}`);
  const json = await answer.json();
  const first = (json.result ?? json.data ?? json.items ?? [])[0];
  const id = first?.__id ?? first?.id;
  if (typeof id !== 'string') throw new Error('the sandbox has no upcoming event');
  return id;
}
