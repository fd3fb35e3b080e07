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
 *   node tools/bench/proxy/bench.mjs [--duration 10] [--connections 20] [--read events|age-classes] [--signed-in [--rounds 3]] [--skip-build]
 *   node tools/bench/proxy/bench.mjs --static [--profile] …   (nginx, a bare Node pipe and the api against one
 *                                                             static upstream: static-upstream.mjs)
 *
 * `--signed-in` also drives the api with a demo login's access token (signed in through the sandbox SMS
 * outbox): the same read, now through the guard's token check and session check (is the session still live,
 * which athletes does the login hold). Guest and signed-in runs alternate `--rounds` times (default 3) and the
 * median of each is printed: the two rows of one run show what a signed-in request costs the api. The last
 * column is the CPU time the api process spent per answered request (from /proc): steadier than throughput on
 * a busy machine.
 *
 * Builds the api first (`npx nx run api:build`) unless --skip-build. Fails with a clear message when the
 * api does not serve `/api/proxy` yet (ProxyModule not wired into AppModule).
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxBinary, spawnNginx, writeNginxConfig } from '../nginx.mjs';
import {
  BenchError,
  FUNCTIONS_MODULE,
  apiEntry,
  cleanUpOnExit,
  cpuMsOf,
  freePort,
  median,
  numberOption,
  runBench,
  runNx,
  startApi,
  stopChild,
  timeLimit,
} from '../shared.mjs';

const duration = numberOption('duration', 10, { min: 1, max: 60 });
const connections = numberOption('connections', 20, { min: 1, max: 256 });
const skipBuild = process.argv.includes('--skip-build');
const signedIn = process.argv.includes('--signed-in');
/** A demo login of the sandbox seed (`demoPhones` of libs/sandbox-fixtures), with one athlete. */
const demoPhone = '+79990000001';
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

/** The api (`startApi` of ../shared.mjs), and the other processes this script starts: all stopped when it ends. */
let api = null;
const children = [];

async function stopAll() {
  for (const child of [...children].reverse()) await stopChild(child, 'SIGQUIT');
  await api?.stop();
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

/** nginx in front of the api's platform twin, adding the platform token as the api's proxy does. */
function nginxHttp(listenPort, apiPort, token) {
  return `  upstream api { server 127.0.0.1:${apiPort}; keepalive 64; }
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
  }`;
}

/** Runs autocannon; for the api, also the CPU the api process spent per answered request (µs). */
async function measure(title, url, headers = {}, pid = null) {
  const before = pid === null ? null : cpuMsOf(pid);
  const result = await run(title, url, headers);
  const after = pid === null ? null : cpuMsOf(pid);
  const answered = result['2xx'] ?? 0;
  result.cpuUsPerRequest =
    before === null || after === null || answered === 0 ? null : ((after - before) * 1000) / answered;
  return result;
}

function run(title, url, headers = {}) {
  return new Promise((resolveRun, reject) => {
    const instance = autocannon(
      { title, url, headers, connections, duration, pipelining: 1 },
      (error, result) => (error ? reject(error) : resolveRun(result)),
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
    (result.cpuUsPerRequest == null ? '' : result.cpuUsPerRequest.toFixed(0)).padStart(14),
  ].join(' ');
}

/** Alternating guest and signed-in runs of `--signed-in`. */
const rounds = numberOption('rounds', 3, { min: 1, max: 9 });

/** The run of median throughput, carrying the median CPU per request of the runs. */
function medianRun(results) {
  const sorted = [...results].sort((a, b) => a.requests.average - b.requests.average);
  const cpu = results.map((result) => result.cpuUsPerRequest);
  return {
    ...sorted[Math.floor(sorted.length / 2)],
    cpuUsPerRequest: cpu.includes(null) ? null : median(cpu),
  };
}

/** An access token of the demo login: its code read from the sandbox SMS outbox. */
async function signInDemo(apiBase) {
  const post = (path, body) =>
    fetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/api/auth/LoginUser', { phone: demoPhone });
  if (!sent.ok) throw new BenchError(`LoginUser answers ${sent.status}: ${await sent.text()}`);
  const latest = await fetch(`${apiBase}/sandbox/sms/latest?phone=${encodeURIComponent(demoPhone)}`);
  if (!latest.ok) throw new BenchError(`the SMS outbox answers ${latest.status}: is this a sandbox?`);
  const { code } = await latest.json();
  const confirmed = await post('/api/auth/LoginUserConfirm', { phone: demoPhone, code });
  if (!confirmed.ok) throw new BenchError(`LoginUserConfirm answers ${confirmed.status}`);
  return (await confirmed.json()).data.Token;
}

async function main() {
  if (!skipBuild) {
    console.log('Building the api (npx nx run api:build)…');
    if (!runNx(['run', 'api:build'])) throw new BenchError('the api build failed');
  }
  if (!existsSync(apiEntry)) throw new BenchError(`${apiEntry} is missing: run "npx nx run api:build" first`);
  if (!existsSync(nginxBinary))
    throw new BenchError(`${nginxBinary} is missing (apt-get install nginx-light)`);

  const work = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  cleanUpOnExit(children, work);
  timeLimit(((signedIn ? 1 + 2 * rounds : 2) * duration + 150) * 1000);

  const nginxPort = await freePort();
  const nginxBase = `http://127.0.0.1:${nginxPort}`;
  const platformToken = randomBytes(24).toString('hex');

  api = await startApi({
    healthTimeoutMs: 120_000,
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PLATFORM_URL: '',
      PLATFORM_TOKEN: platformToken,
      PORTAL_DIST_DIR: join(work, 'portal'),
    },
  });
  const apiBase = api.base;
  const apiPort = new URL(apiBase).port;

  const chosen = reads[read];
  if (chosen === undefined) throw new BenchError(`--read must be one of ${Object.keys(reads).join(', ')}`);
  const data = encodeURIComponent(JSON.stringify(chosen.data));
  const platformPath = `/api/extensions/${FUNCTIONS_MODULE}/script/${chosen.script}?data=${data}`;
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
  writeNginxConfig(prefix, {
    workerConnections: 1024,
    http: nginxHttp(nginxPort, apiPort, platformToken),
  });
  const nginx = spawnNginx(prefix);
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
  const bearer = signedIn ? { Authorization: `Bearer ${await signInDemo(apiBase)}` } : null;
  if (bearer) {
    const probe = await fetch(viaApi, { headers: bearer });
    if (!probe.ok) throw new BenchError(`/api/proxy answers ${probe.status} to the signed-in read`);
    await Promise.all(
      Array.from({ length: 50 }, () => fetch(viaApi, { headers: bearer }).then((r) => r.arrayBuffer())),
    );
  }
  const nginxResult = await run('nginx', viaNginx);
  let apiResult;
  let signedInResult = null;
  if (!bearer) {
    apiResult = await measure('api', viaApi, {}, api.pid);
  } else {
    // Guest and signed-in runs alternate, and the median of each is kept, so that a burst of other work on
    // the machine does not land on one side only.
    const guests = [];
    const signedIns = [];
    for (let round = 0; round < rounds; round += 1) {
      guests.push(await measure('api', viaApi, {}, api.pid));
      signedIns.push(await measure('api signed in', viaApi, bearer, api.pid));
    }
    apiResult = medianRun(guests);
    signedInResult = medianRun(signedIns);
  }
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
      'api CPU µs/req'.padStart(14),
    ].join(' '),
  );
  console.log(row('nginx → twin', nginxResult));
  console.log(row('api /api/proxy → twin', apiResult));
  if (signedInResult) console.log(row('api, signed in', signedInResult));
  const ratio = apiResult.requests.average / Math.max(1, nginxResult.requests.average);
  console.log(
    `\napi proxy throughput: ${(ratio * 100).toFixed(0)} % of nginx's (same upstream, same process serving it)`,
  );
  if (signedInResult) {
    const cpu = (result) => result.cpuUsPerRequest;
    console.log(
      `signed in: ${((signedInResult.requests.average / apiResult.requests.average) * 100).toFixed(0)} % of the ` +
        `guest throughput` +
        (cpu(apiResult) == null || cpu(signedInResult) == null
          ? ''
          : `; ${(cpu(signedInResult) - cpu(apiResult)).toFixed(0)} µs more api CPU per request (token and session check)`),
    );
  }
  readFileSync(join(prefix, 'error.log'), 'utf8')
    .split('\n')
    .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line))
    .slice(0, 5)
    .forEach((line) => console.error(`nginx: ${line}`));
}

if (process.argv.includes('--static')) {
  // The three front doors to one static upstream: a mode of its own (static-upstream.mjs).
  await import('./static-upstream.mjs');
} else {
  runBench(main, stopAll);
}
