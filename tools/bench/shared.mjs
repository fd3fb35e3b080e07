/**
 * What the benchmarks share: their command-line flags, a free port, the built api started on a throwaway data
 * directory, the build before a run, the children they start and the time limit that ends them, percentiles and
 * medians, CPU time from /proc, the platform twin's scripts timed over HTTP, Debian's Chromium (from tools/playwright).
 * Plain Node (no build step), like the benchmarks themselves.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Debian's Chromium, launched alike by the benches, the journeys and the kit's stories.
export { chromiumLaunchOptions } from '../playwright/chromium.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** `sandboxPublicConfig.extensions.functions` (libs/sandbox-fixtures): the twin's module of the events' scripts. */
export const FUNCTIONS_MODULE = '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c03';

/** The api build the benchmarks start: `BENCH_API_ENTRY` names another (a "before" kept aside to compare). */
export const apiEntry = process.env['BENCH_API_ENTRY'] ?? join(root, 'dist/apps/api/main.cjs');

/**
 * A failure whose message says it all: `runBench` prints it without a stack and exits 2, so that a missing tool
 * or build reads apart from a bug in the script (exit 1).
 */
export class BenchError extends Error {}

/**
 * The value after `--name` on the command line as written, or `fallback` when the flag or its value is missing.
 * A string, since some flags name a page or a build; `numberOption` reads a number.
 */
export function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

/**
 * `option` as a number, held within `min`…`max` when given (a run of 10 000 connections is a typo, not a test);
 * a value that is not a number reads as `fallback`.
 */
export function numberOption(name, fallback, { min = -Infinity, max = Infinity } = {}) {
  const value = Number(option(name, fallback));
  return Math.min(Math.max(Number.isNaN(value) ? fallback : value, min), max);
}

/**
 * Runs `npx nx …` in the workspace with Nx Cloud, the daemon and the terminal UI off, so that a benchmark's build
 * neither waits on the network nor leaves a daemon behind; true when it succeeded.
 */
export function runNx(args, stdio = 'inherit') {
  const result = spawnSync('npx', ['nx', ...args], {
    cwd: root,
    stdio,
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' },
  });
  return result.status === 0;
}

/** Whether a child process is still alive (neither exited nor ended by a signal). */
export const isRunning = (child) => child.exitCode === null && child.signalCode === null;

/** Stops a child with `signal`, waits for it, and kills it if it lingers `graceMs`. */
export async function stopChild(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (!isRunning(child)) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(signal);
  const timer = setTimeout(() => isRunning(child) && child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * The last resort on an abrupt exit (Ctrl-C, the time limit): SIGKILL to the `children` still running and `dir`
 * removed; SIGINT and SIGTERM exit (130) so that this runs. The normal path stops the children in order.
 */
export function cleanUpOnExit(children, dir) {
  process.on('exit', () => {
    for (const child of children) if (isRunning(child)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
}

/**
 * A hard ceiling on the whole run, whatever hangs: after `ms` it says so and exits 3, once `stop` (what must not
 * outlive the script, e.g. the api) has finished. Unref'd, so that it never keeps a finished run alive.
 */
export function timeLimit(ms, stop) {
  const timer = setTimeout(() => {
    console.error('bench: time limit reached, stopping');
    if (stop === undefined) process.exit(3);
    void stop().then(() => process.exit(3));
  }, ms);
  timer.unref();
  return timer;
}

/**
 * Runs a benchmark's `main` and exits: 0 when it finished, 2 with the message of a `BenchError`, 1 with the
 * stack of anything else; `stopAll`, when given, ends what it started either way.
 */
export function runBench(main, stopAll) {
  main()
    .then(async () => {
      await stopAll?.();
      process.exit(0);
    })
    .catch(async (error) => {
      console.error(`bench: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}`);
      await stopAll?.();
      process.exit(error instanceof BenchError ? 2 : 1);
    });
}

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

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Calls `work(index)` once for each index below `total`, `concurrency` calls at a time (as that many clients, each
 * taking the next index when its call is done); resolves with the wall time it took, in seconds.
 */
export async function inParallel(total, concurrency, work) {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      await work(index);
    }
  };
  const wall = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (Date.now() - wall) / 1000;
}

/** The middle value (the upper one of an even count), `values` left unsorted. */
export function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/**
 * A process's parent and the CPU time (user + system, ms) it has used, from /proc (Linux); null when it cannot be
 * read (gone, or not Linux).
 */
export function procStat(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // ppid, utime and stime are fields 4, 14 and 15 of stat(5); the times in clock ticks (100 per second on Linux).
    return { ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 };
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux); null elsewhere. */
export function cpuMsOf(pid) {
  return procStat(pid)?.cpuMs ?? null;
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

/**
 * A timer of the platform twin's scripts, called straight over HTTP with the sandbox's platform token (the api's
 * proxy left out): `(script, data)` resolves with the ms the answer took and its body, and throws when it failed.
 */
export function twinScript({ base, dataDir }) {
  const token = readFileSync(join(dataDir, 'sandbox', 'platform-token'), 'utf8').trim();
  return async (script, data) => {
    const url = `${base}/sandbox/elma/api/extensions/${FUNCTIONS_MODULE}/script/${script}?data=${encodeURIComponent(JSON.stringify(data))}`;
    const started = process.hrtime.bigint();
    const answer = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    const body = await answer.json();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (!answer.ok || !body.success)
      throw new Error(`${script} failed: ${answer.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };
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

/**
 * The api build a `--before` option names: DIR a copy of an earlier `dist/` (its `apps/api/main.cjs`; inside the
 * workspace, so that the build finds `node_modules`), or that `main.cjs` itself. Throws when it is missing.
 */
export function buildEntry(dirOrEntry) {
  const entry = dirOrEntry.endsWith('.cjs') ? resolve(dirOrEntry) : resolve(dirOrEntry, 'apps/api/main.cjs');
  if (!existsSync(entry)) {
    throw new BenchError(`${entry} is missing: --before takes a copy of an earlier dist/ (or its main.cjs)`);
  }
  return entry;
}

/** The discard port: an outside service a benchmark's api must not reach. */
export const NOWHERE = 'http://127.0.0.1:9';

/**
 * The settings of a real deployment (`PLATFORM_URL` set, so no twin in the process, the production code path to
 * the platform) for a benchmark: the platform at `platformUrl` with `platformToken`, the platform ids (`ids`,
 * `PUBLIC_*` variables), SMS.ru at `sms` (`{ url, apiId }`, e.g. the scale stand's gateway) and every other outside
 * service at the discard port, fresh secrets.
 */
export function realDeploymentEnv({ platformUrl, platformToken, ids, sms, portalDistDir }) {
  return {
    ...ids,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PLATFORM_URL: platformUrl,
    PLATFORM_TOKEN: platformToken,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SMS_GATEWAY: 'smsru',
    SMS_RU_URL: sms?.url ?? NOWHERE,
    SMS_RU_API_ID: sms?.apiId ?? 'bench-sms-api-id',
    DADATA_URL: NOWHERE,
    DADATA_TOKEN: 'bench-dadata-token',
    YOOKASSA_URL: NOWHERE,
    SMTP_URL: 'smtp://127.0.0.1:9',
    YOOKASSA_SHOP_ID: '123456',
    YOOKASSA_SECRET_KEY: `bench_${randomBytes(16).toString('hex')}`,
    ...(portalDistDir === undefined ? {} : { PORTAL_DIST_DIR: portalDistDir }),
  };
}

/**
 * A demo athlete's public profile (`/profile/{id}`): the first the guest's list of athletes (`/sportsmen`, as the
 * server renders it) links to, other than the federation's own profile (the public config's `federationProfileId`).
 */
export async function demoAthleteId(base) {
  const answer = await fetch(`${base}/sportsmen`);
  if (!answer.ok) throw new Error(`/sportsmen answers ${answer.status}`);
  const html = await answer.text();
  const config = /<script id="public-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  const federation = config ? JSON.parse(config).federationProfileId : null;
  const id = [...html.matchAll(/href="\/profile\/([0-9a-f-]{36})"/g)]
    .map((match) => match[1])
    .find((candidate) => candidate !== federation);
  if (!id) throw new Error('the list of athletes links to no athlete');
  return id;
}
