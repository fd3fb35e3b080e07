#!/usr/bin/env node
/**
 * Benchmark: the api's `/api/proxy` against what a proxy can do at best, in one run, all three in front of the
 * SAME fast upstream — an nginx serving a captured ~3 kB script answer of the platform twin from a file:
 *
 *   nginx proxying (keep-alive upstream)  →  static upstream
 *   a bare Node keep-alive pipe (bare-pipe.mjs: http.request with a keep-alive agent, piped)  →  static upstream
 *   the built api, `/api/proxy?url=…` (a real deployment whose PLATFORM_URL is the static upstream)  →  static upstream
 *
 * each driven by wrk (50 connections) for the same time; prints req/s and p50/p99 side by side, the api's
 * ratios to the bare pipe and the targets (≥ 0.6 × its req/s, p99 ≤ 2 × its p99). The api is measured on two
 * reads: a catalogue read (`getEvents`, relayed as it came) and a read the answer filter walks (`getSportsmen`,
 * the directory). `--profile` also profiles the api over its measured window (V8 sampling profiler,
 * cpu-profile.cjs) and prints the top frames.
 *
 *   node tools/bench/proxy/bench.mjs --static [--duration 10] [--connections 50] [--profile] [--skip-build]
 *                                            [--before path/to/other/dist/apps/api/main.cjs]
 *
 * `--before` also measures another build of the api (built from a `git worktree` of the commit before a change)
 * on the same two reads, so that before and after are figures of one run on the same machine state.
 *
 * Needs Debian's nginx and wrk (installed with apt-get when missing and running as root). Loopback only;
 * every process it starts is stopped on exit, a hard time limit ends it whatever hangs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxBinary, spawnNginx, writeNginxConfig } from '../nginx.mjs';
import {
  BenchError,
  FUNCTIONS_MODULE,
  apiEntry,
  cleanUpOnExit,
  cpuMsOf,
  freePort,
  isRunning,
  numberOption,
  runBench,
  runNx,
  startApi,
  stopChild,
  timeLimit,
} from '../shared.mjs';
import { topFrames } from './top-frames.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const wrkBinary = '/usr/bin/wrk';

const duration = numberOption('duration', 10, { min: 1, max: 60 });
const connections = numberOption('connections', 50, { min: 1, max: 256 });
const profile = process.argv.includes('--profile');
const skipBuild = process.argv.includes('--skip-build');
/** `--before <main.cjs>`: another build of the api (e.g. of the commit before a change), measured in the same run. */
const beforeIndex = process.argv.indexOf('--before');
const beforeEntry = beforeIndex >= 0 ? process.argv[beforeIndex + 1] : null;

/** The module uuids a real deployment is given; the static upstream answers whatever the path. */
const ids = {
  PUBLIC_FEDERATION_PROFILE_ID: '11111111-1111-4111-8111-111111111101',
  PUBLIC_EXTENSION_APPLICATION_ID: '11111111-1111-4111-8111-111111111102',
  PUBLIC_EXTENSION_REQUESTS_ID: '11111111-1111-4111-8111-111111111103',
  PUBLIC_EXTENSION_FUNCTIONS_ID: '11111111-1111-4111-8111-111111111104',
  PUBLIC_EXTENSION_INSURANCE_ID: '11111111-1111-4111-8111-111111111105',
  PUBLIC_OFFER_SPORTSMAN_ID: '11111111-1111-4111-8111-111111111106',
  PUBLIC_OFFER_ORGANIZATION_ID: '11111111-1111-4111-8111-111111111107',
  PUBLIC_OFFER_USER_ID: '11111111-1111-4111-8111-111111111108',
  PUBLIC_DEFAULT_AGE_CLASS_ID: '11111111-1111-4111-8111-111111111109',
};
/** Outside services the api must not reach in this run: the discard port. */
const nowhere = 'http://127.0.0.1:9';

/** The two reads: each captured from the twin once, then served by the static upstream from a file. */
const reads = [
  { key: 'events', script: 'getEvents', data: { when: 'upcoming', size: 2 }, label: 'getEvents (catalogue)' },
  { key: 'sportsmen', script: 'getSportsmen', data: { size: 3 }, label: 'getSportsmen (filtered)' },
];
const platformPath = (module, read) =>
  `/api/extensions/${module}/script/${read.script}?data=${encodeURIComponent(JSON.stringify(read.data))}`;

const children = [];
const apis = [];

/** The apis first (requests wrk left in flight would otherwise fail upstream and log), then the rest. */
async function stopAll() {
  for (const api of apis.splice(0)) await api.stop();
  for (const child of [...children].reverse()) await stopChild(child, 'SIGTERM', 5_000);
}

function ensureTools() {
  const missing = [
    [nginxBinary, 'nginx-light'],
    [wrkBinary, 'wrk'],
  ].filter(([binary]) => !existsSync(binary));
  if (missing.length === 0) return;
  const packages = missing.map(([, name]) => name);
  if (process.getuid?.() !== 0) throw new BenchError(`missing ${packages.join(', ')}: apt-get install them`);
  console.log(`Installing ${packages.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  if (install.status !== 0) throw new BenchError(`apt-get install ${packages.join(' ')} failed`);
}

async function waitFor(check, child, what, timeoutMs = 20_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && !isRunning(child)) throw new BenchError(`${what} exited with code ${child.exitCode}`);
    try {
      if (await check()) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new BenchError(`${what} did not come up within ${timeoutMs / 1000} s`);
}

/** The answers the static upstream serves, captured from the platform twin of a fresh demo sandbox. */
async function capture(dir) {
  const token = randomBytes(24).toString('hex');
  const twin = await startApi({
    env: { PLATFORM_TOKEN: token, LOG_LEVEL: 'error' },
    healthTimeoutMs: 120_000,
  });
  try {
    for (const read of reads) {
      const answer = await fetch(`${twin.base}/sandbox/elma${platformPath(FUNCTIONS_MODULE, read)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (!answer.ok) throw new BenchError(`the twin answers ${answer.status} to ${read.script}`);
      const body = Buffer.from(await answer.arrayBuffer());
      writeFileSync(join(dir, `${read.key}.json`), body);
      read.bytes = body.length;
    }
  } finally {
    await twin.stop();
  }
}

/** The static upstream and nginx proxying it. */
function nginxHttp(prefix, staticPort, proxyPort) {
  return `  default_type application/json;
  keepalive_requests 1000000;
  # The fast upstream: a captured answer from a file, whatever the path.
  server {
    listen 127.0.0.1:${staticPort};
    root ${prefix}/static;
    location ~ /script/getSportsmen$ { try_files /sportsmen.json =404; }
    location / { try_files /events.json =404; }
  }
  upstream platform { server 127.0.0.1:${staticPort}; keepalive 128; }
  # nginx as the proxy in front of it.
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://platform;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }`;
}

function parseLatency(text) {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!match) return NaN;
  const factor = { us: 0.001, ms: 1, s: 1000 }[match[2]];
  return Number(match[1]) * factor;
}

/** One wrk run; its req/s, p50/p99 (ms) and the count of non-2xx answers and socket errors. */
function wrk(url, seconds = duration) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(
      wrkBinary,
      ['-t', '2', '-c', String(connections), '-d', `${seconds}s`, '--latency', '--timeout', '5s', url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new BenchError(`wrk exited with ${code}: ${out}`));
      const number = (pattern) => Number(pattern.exec(out)?.[1] ?? 0);
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      resolveRun({
        rps: number(/Requests\/sec:\s+([\d.]+)/),
        p50: parseLatency(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
        p99: parseLatency(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
        bad:
          number(/Non-2xx or 3xx responses: (\d+)/) +
          (errors
            ? errors
                .slice(1)
                .map(Number)
                .reduce((a, b) => a + b)
            : 0),
      });
    });
  });
}

const pad = (value, width) => String(value).padStart(width);
const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

async function main() {
  ensureTools();
  if (!skipBuild) {
    console.log('Building the api (npx nx run api:build)…');
    if (!runNx(['run', 'api:build', '--output-style=static'])) throw new BenchError('the api build failed');
  }
  if (!existsSync(apiEntry)) throw new BenchError(`${apiEntry} is missing: run "npx nx run api:build" first`);

  const work = mkdtempSync(join(tmpdir(), 'bench-proxy-static-'));
  cleanUpOnExit(children, work);
  timeLimit((8 * (duration + 3) + 300) * 1000);

  const prefix = join(work, 'nginx');
  mkdirSync(join(prefix, 'static'), { recursive: true });
  // nginx started as root reads files as its unprivileged worker user.
  chmodSync(work, 0o755);
  await capture(join(prefix, 'static'));

  const [staticPort, nginxPort, barePort] = [await freePort(), await freePort(), await freePort()];
  writeNginxConfig(prefix, { workerConnections: 4096, http: nginxHttp(prefix, staticPort, nginxPort) });
  const nginx = spawnNginx(prefix);
  children.push(nginx);
  const events = reads[0];
  const upstreamPath = platformPath(ids.PUBLIC_EXTENSION_FUNCTIONS_ID, events);
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${staticPort}${upstreamPath}`)).ok,
    nginx,
    'nginx',
  );

  const bare = spawn(process.execPath, [join(here, 'bare-pipe.mjs'), String(barePort), String(staticPort)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(bare);
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${barePort}${upstreamPath}`)).ok,
    bare,
    'the bare pipe',
  );

  const profileFile = join(work, 'api.cpuprofile');
  const realDeployment = {
    ...ids,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PLATFORM_URL: `http://127.0.0.1:${staticPort}`,
    PLATFORM_TOKEN: randomBytes(24).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    SMS_GATEWAY: 'smsru',
    SMS_RU_URL: nowhere,
    SMS_RU_API_ID: 'bench-sms-api-id',
    DADATA_URL: nowhere,
    DADATA_TOKEN: 'bench-dadata-token',
    YOOKASSA_URL: nowhere,
    YOOKASSA_SHOP_ID: '123456',
    YOOKASSA_SECRET_KEY: `bench_${randomBytes(16).toString('hex')}`,
    PORTAL_DIST_DIR: join(work, 'no-portal'),
  };
  const api = await startApi({
    seed: null,
    healthTimeoutMs: 120_000,
    nodeArgs: profile ? ['--require', join(here, 'cpu-profile.cjs')] : [],
    env: { ...realDeployment, BENCH_CPU_PROFILE: profileFile },
  });
  apis.push(api);
  const before =
    beforeEntry === null
      ? null
      : await startApi({ seed: null, healthTimeoutMs: 120_000, entry: beforeEntry, env: realDeployment });
  if (before !== null) apis.push(before);

  const urls = {
    nginx: `http://127.0.0.1:${nginxPort}${upstreamPath}`,
    bare: `http://127.0.0.1:${barePort}${upstreamPath}`,
    api: (read, base = api.base) =>
      `${base}/api/proxy?url=${encodeURIComponent(platformPath(ids.PUBLIC_EXTENSION_FUNCTIONS_ID, read))}`,
  };
  // The same bytes through every door (the catalogue read is relayed as it came).
  const captured = readFileSync(join(prefix, 'static', 'events.json'));
  for (const [name, url] of [
    ['nginx', urls.nginx],
    ['the bare pipe', urls.bare],
    ['the api', urls.api(events)],
  ]) {
    const answer = await fetch(url);
    const body = Buffer.from(await answer.arrayBuffer());
    if (!answer.ok || !body.equals(captured)) {
      throw new BenchError(
        `${name} does not relay the captured answer (${answer.status}): ${body.toString().slice(0, 200)}`,
      );
    }
  }
  const filtered = await fetch(urls.api(reads[1]));
  if (!filtered.ok)
    throw new BenchError(`the api answers ${filtered.status} to getSportsmen: ${await filtered.text()}`);

  console.log(
    `\nGET of a captured script answer (${events.bytes} B ${events.script}, ${reads[1].bytes} B ${reads[1].script}) ` +
      `from one static nginx upstream; wrk, 2 threads, ${connections} connections, ${duration} s each, loopback\n`,
  );
  const results = [];
  /**
   * One front door: a warm-up, then the measured run; `pid` is the process whose CPU per answered request is
   * counted (the front door's own, upstream excluded): steadier than req/s on a machine others share.
   */
  const measure = async (name, url, pid, profiled = false) => {
    await wrk(url, 2); // warm-up: JIT, keep-alive pools
    if (profiled) process.kill(pid, 'SIGWINCH');
    const before = cpuMsOf(pid);
    const result = await wrk(url);
    const after = cpuMsOf(pid);
    if (profiled) process.kill(pid, 'SIGWINCH');
    const answered = result.rps * duration;
    result.cpuUs =
      before === null || after === null ? null : ((after - before) * 1000) / Math.max(1, answered);
    results.push({ name, ...result });
    return result;
  };
  const nginxResult = await measure('nginx proxy', urls.nginx, null);
  const bareResult = await measure('bare Node keep-alive pipe', urls.bare, bare.pid);
  // With --before, the two builds take turns on each read, so that a burst of other work lands on neither alone.
  const apiResult = await measure(`api /api/proxy, ${events.label}`, urls.api(events), api.pid, profile);
  if (profile) await waitFor(async () => existsSync(profileFile), null, 'the cpu profile', 10_000);
  if (before !== null)
    await measure(`api before, ${events.label}`, urls.api(events, before.base), before.pid);
  const filteredResult = await measure(`api /api/proxy, ${reads[1].label}`, urls.api(reads[1]), api.pid);
  if (before !== null)
    await measure(`api before, ${reads[1].label}`, urls.api(reads[1], before.base), before.pid);

  console.log(
    [
      'front door'.padEnd(44),
      pad('req/s', 9),
      pad('p50 ms', 8),
      pad('p99 ms', 8),
      pad('non-2xx', 8),
      pad('× bare', 7),
      pad('p99 × bare', 11),
    ].join(' '),
  );
  for (const result of results) {
    console.log(
      [
        result.name.padEnd(44),
        pad(result.rps.toFixed(0), 9),
        pad(ms(result.p50), 8),
        pad(ms(result.p99), 8),
        pad(result.bad, 8),
        pad((result.rps / bareResult.rps).toFixed(2), 7),
        pad((result.p99 / bareResult.p99).toFixed(2), 11),
        pad(result.cpuUs === null ? '' : result.cpuUs.toFixed(0), 11),
      ].join(' '),
    );
  }
  const verdict = (result) => {
    const throughput = result.rps / bareResult.rps;
    const tail = result.p99 / bareResult.p99;
    return `${throughput.toFixed(2)} × bare req/s (target ≥ 0.60: ${throughput >= 0.6 ? 'met' : 'short'}), p99 ${tail.toFixed(2)} × bare's (target ≤ 2.00: ${tail <= 2 ? 'met' : 'short'})`;
  };
  console.log(`\napi, catalogue read: ${verdict(apiResult)}`);
  console.log(`api, filtered read:  ${verdict(filteredResult)}`);
  console.log(`nginx: ${(nginxResult.rps / bareResult.rps).toFixed(2)} × the bare pipe`);
  if (apiResult.cpuUs !== null && bareResult.cpuUs !== null) {
    console.log(
      `CPU per request: api ${apiResult.cpuUs.toFixed(0)} µs, bare pipe ${bareResult.cpuUs.toFixed(0)} µs ` +
        `(${(apiResult.cpuUs / bareResult.cpuUs).toFixed(1)} ×): the ceiling of the api's req/s on one core is ` +
        `${(bareResult.cpuUs / apiResult.cpuUs).toFixed(2)} × the bare pipe's`,
    );
  }

  if (profile) {
    const kept = join(tmpdir(), 'bench-proxy-api.cpuprofile');
    writeFileSync(kept, readFileSync(profileFile));
    const top = topFrames(profileFile);
    console.log(`\nThe profile is kept at ${kept} (open it in Chrome's DevTools, Performance).`);
    console.log(
      `\napi CPU profile over the catalogue run (${top.samples} samples, ${(top.idleShare * 100).toFixed(0)} % idle); share of busy time:`,
    );
    console.log('  self time by layer:');
    for (const layer of top.layers) console.log(`  ${layer.share.padStart(7)}  ${layer.name}`);
    console.log('  top self time:');
    for (const frame of top.self) console.log(`  ${frame.share.padStart(7)}  ${frame.name}`);
  }
}

runBench(main, stopAll);
