#!/usr/bin/env node
/**
 * Benchmark: the api's platform proxy (`GET /api/proxy?url=…`) next to nginx proxying the same upstream.
 *
 * Starts the real api build (`dist/apps/api/main.cjs`) with the platform twin in a temporary data directory
 * and an nginx (Debian's /usr/sbin/nginx, foreground, temporary prefix) on another loopback port. Both
 * sides read the same thing, the events list of the twin (`getEvents`, module `functions`):
 *
 *   nginx:  GET /sandbox/elma/api/extensions/{functions}/script/getEvents?data=…  → api twin (token added)
 *   api:    GET /api/proxy?url=/api/extensions/{functions}/script/getEvents?data=… → allowlist, policy,
 *           keep-alive upstream call → the same twin
 *
 * then drives each with autocannon for a fixed time and prints requests/s and p50/p99 latency side by side.
 * Figures are for reading, never a CI gate. Loopback only; every process it starts is stopped on exit.
 *
 *   node tools/bench/proxy/bench.mjs [--duration 10] [--connections 20] [--read events|age-classes] [--skip-build]
 *
 * Builds the api first (`npx nx run api:build`) unless --skip-build. Fails with a clear message when the
 * api does not serve `/api/proxy` yet (ProxyModule not wired into AppModule).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const entry = join(root, 'dist/apps/api/main.cjs');
const nginxBinary = '/usr/sbin/nginx';
/** `sandboxPublicConfig.extensions.functions` (libs/contracts): the module of `getEvents`. */
const functionsModule = '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c03';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? Number(process.argv[index + 1]) : fallback;
}
const duration = Math.min(Math.max(option('duration', 10), 1), 60);
const connections = Math.min(Math.max(option('connections', 20), 1), 256);
const skipBuild = process.argv.includes('--skip-build');
/** What both sides read: `events` (the spec's events list; upstream-bound) or `age-classes` (tiny; shows proxy overhead). */
const readIndex = process.argv.indexOf('--read');
const read = readIndex >= 0 ? process.argv[readIndex + 1] : 'events';
const reads = {
  events: {
    script: 'getEvents',
    data: { when: 'upcoming', size: 20 },
    label: 'getEvents (upcoming, 20 per page)',
  },
  'age-classes': { script: 'getAgeClasses', data: {}, label: 'getAgeClasses' },
};

class BenchError extends Error {}

/** Every process this script starts; stopped in reverse order when it ends. */
const children = [];
const running = (child) => child.exitCode === null && child.signalCode === null;

/** Stops a child with `signal`, waits for it, and kills it if it lingers. */
async function stop(child, signal) {
  if (!running(child)) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(signal);
  const timer = setTimeout(() => running(child) && child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function stopAll() {
  for (const child of [...children].reverse()) {
    await stop(child, child.spawnfile.endsWith('nginx') ? 'SIGQUIT' : 'SIGTERM');
  }
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitFor(check, child, what, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new BenchError(`${what} exited with code ${child.exitCode}`);
    try {
      if (await check()) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new BenchError(`${what} did not come up within ${timeoutMs / 1000} s`);
}

function nginxConfig(prefix, listenPort, apiPort, token) {
  return `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream api { server 127.0.0.1:${apiPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${listenPort};
    location /sandbox/elma/ {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Authorization "Bearer ${token}";
      proxy_read_timeout 10s;
    }
    location / { return 404; }
  }
}
`;
}

function run(title, url) {
  return new Promise((resolveRun, reject) => {
    const instance = autocannon({ title, url, connections, duration, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolveRun(result),
    );
    process.once('SIGINT', () => instance.stop());
  });
}

function row(name, result) {
  const ok = result['2xx'] ?? 0;
  const bad = result.non2xx + result.errors + result.timeouts;
  return [
    name.padEnd(28),
    result.requests.average.toFixed(0).padStart(10),
    `${result.latency.p50}`.padStart(9),
    `${result.latency.p99}`.padStart(9),
    `${ok}`.padStart(10),
    `${bad}`.padStart(8),
  ].join(' ');
}

async function main() {
  if (!skipBuild) {
    console.log('Building the api (npx nx run api:build)…');
    const build = spawnSync('npx', ['nx', 'run', 'api:build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' },
    });
    if (build.status !== 0) throw new BenchError('the api build failed');
  }
  if (!existsSync(entry)) throw new BenchError(`${entry} is missing: run "npx nx run api:build" first`);
  if (!existsSync(nginxBinary))
    throw new BenchError(`${nginxBinary} is missing (apt-get install nginx-light)`);

  const work = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  // Last resort on an abrupt exit; the normal path stops the children in order (`stopAll`).
  process.on('exit', () => {
    for (const child of children) if (running(child)) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  // A hard ceiling on the whole run, whatever hangs.
  setTimeout(
    () => {
      console.error('bench: time limit reached, stopping');
      process.exit(3);
    },
    (2 * duration + 150) * 1000,
  ).unref();

  const apiPort = await freePort();
  const nginxPort = await freePort();
  const apiBase = `http://127.0.0.1:${apiPort}`;
  const nginxBase = `http://127.0.0.1:${nginxPort}`;
  const platformToken = randomBytes(24).toString('hex');

  const api = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PLATFORM_URL: '',
      PLATFORM_TOKEN: platformToken,
      SANDBOX_SEED: 'demo',
      SANDBOX_DATA_DIR: join(work, 'sandbox'),
      AUTH_DATA_DIR: join(work, 'auth'),
      PORTAL_DIST_DIR: join(work, 'portal'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(api);
  await waitFor(async () => (await fetch(`${apiBase}/api/health`)).ok, api, 'the api', 120_000);

  const chosen = reads[read];
  if (chosen === undefined) throw new BenchError(`--read must be one of ${Object.keys(reads).join(', ')}`);
  const data = encodeURIComponent(JSON.stringify(chosen.data));
  const platformPath = `/api/extensions/${functionsModule}/script/${chosen.script}?data=${data}`;
  const direct = `${apiBase}/sandbox/elma${platformPath}`;
  const probeDirect = await fetch(direct, { headers: { Authorization: `Bearer ${platformToken}` } });
  if (!probeDirect.ok) {
    throw new BenchError(
      `the platform twin answers ${probeDirect.status} at /sandbox/elma: is PLATFORM_URL unset?`,
    );
  }
  const viaApi = `${apiBase}/api/proxy?url=${encodeURIComponent(platformPath)}`;
  const probeApi = await fetch(viaApi);
  if (probeApi.status === 404) {
    throw new BenchError(
      '/api/proxy answers 404: ProxyModule is not wired into AppModule yet (see docs/gateway.md, "Wiring").',
    );
  }
  if (!probeApi.ok) throw new BenchError(`/api/proxy answers ${probeApi.status}: ${await probeApi.text()}`);

  const prefix = join(work, 'nginx');
  mkdirSync(prefix, { recursive: true });
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig(prefix, nginxPort, apiPort, platformToken));
  const nginx = spawn(nginxBinary, ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(nginx);
  const viaNginx = `${nginxBase}/sandbox/elma${platformPath}`;
  await waitFor(async () => (await fetch(viaNginx)).ok, nginx, 'nginx', 20_000);

  const same = JSON.stringify((await (await fetch(viaNginx)).json()).total);
  const sameViaApi = JSON.stringify((await (await fetch(viaApi)).json()).total);
  if (same !== sameViaApi) throw new BenchError('nginx and the api proxy answer different data');

  console.log(`\nGET ${chosen.label}, ${connections} connections, ${duration} s each, loopback\n`);
  // Warm both paths (JIT, keep-alive pools) before measuring.
  await Promise.all(Array.from({ length: 50 }, () => fetch(viaApi).then((r) => r.arrayBuffer())));
  await Promise.all(Array.from({ length: 50 }, () => fetch(viaNginx).then((r) => r.arrayBuffer())));
  const nginxResult = await run('nginx', viaNginx);
  const apiResult = await run('api', viaApi);
  // Let requests autocannon left in flight finish before the processes stop.
  await new Promise((done) => setTimeout(done, 1_000));

  console.log(
    [
      'side'.padEnd(28),
      'req/s'.padStart(10),
      'p50 ms'.padStart(9),
      'p99 ms'.padStart(9),
      '2xx'.padStart(10),
      'errors'.padStart(8),
    ].join(' '),
  );
  console.log(row('nginx → twin', nginxResult));
  console.log(row('api /api/proxy → twin', apiResult));
  const ratio = apiResult.requests.average / Math.max(1, nginxResult.requests.average);
  console.log(
    `\napi proxy throughput: ${(ratio * 100).toFixed(0)} % of nginx's (same upstream, same process serving it)`,
  );
  readFileSync(join(prefix, 'error.log'), 'utf8')
    .split('\n')
    .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line))
    .slice(0, 5)
    .forEach((line) => console.error(`nginx: ${line}`));
}

main()
  .then(async () => {
    await stopAll();
    process.exit(0);
  })
  .catch(async (error) => {
    console.error(`bench: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}`);
    await stopAll();
    process.exit(error instanceof BenchError ? 2 : 1);
  });
