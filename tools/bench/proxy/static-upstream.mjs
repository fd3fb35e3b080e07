#!/usr/bin/env node
/**
 * Benchmark: the api's `/api/proxy` against what a proxy can do at best, in one run, all three in front of the
 * SAME fast upstream — an nginx serving a captured ~3 kB script answer of the platform twin from a file:
 *
 *   nginx proxying (keep-alive upstream)  →  static upstream
 *   a bare Node keep-alive pipe (bare-pipe.mjs: http.request with a keep-alive agent, piped)  →  static upstream
 *   the built api, `/api/proxy?url=…` (a real deployment whose PLATFORM_URL is the static upstream)  →  static upstream
 *
 * each driven by the same load generator (load-generator.mjs: Debian's wrk when installed, else autocannon in a
 * process of its own; 50 connections) for the same time; prints req/s and p50/p99 side by side, the api's ratios
 * to the bare pipe of the same run and the targets (≥ 0.4 × its req/s, p99 ≤ 2.5 × its p99), the CPU each front
 * door spent per answered request, and the CPU the generator itself used (near one core per thread, the
 * generator is the limit and the figures say little). The api is measured on two reads: a catalogue read
 * (`getEvents`, relayed as it came) and a read the answer filter walks (`getSportsmen`, the directory).
 * `--profile` also profiles the api over its first measured catalogue window (V8 sampling profiler,
 * cpu-profile.cjs) and prints the top frames.
 *
 *   node tools/bench/proxy/bench.mjs --static [--duration 10] [--connections 50] [--rounds 1] [--profile]
 *                                            [--skip-build] [--before DIR]
 *
 * `--before DIR` also measures another build of the api — DIR a copy of an earlier `dist/` (holding
 * `apps/api/main.cjs`; inside the workspace, e.g. `dist/.bench-before`, so that it finds `node_modules`), or that
 * `main.cjs` itself — on the same two reads, the two builds taking turns, so that before and after are figures of
 * one run on the same machine state. `--rounds N` repeats the whole sequence (nginx, bare pipe, the api's reads)
 * N times and prints the median of each row: on a machine others share, one burst of their work then moves no
 * row alone.
 *
 * Needs Debian's nginx. Loopback only; every process it starts is stopped on exit, a hard time limit ends it
 * whatever hangs.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
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
  buildEntry,
  isRunning,
  median,
  numberOption,
  option,
  realDeploymentEnv,
  runBench,
  runNx,
  startApi,
  stopChild,
  timeLimit,
} from '../shared.mjs';
import { drive, loadGenerator } from './load-generator.mjs';
import { topFrames } from './top-frames.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const duration = numberOption('duration', 10, { min: 1, max: 60 });
const connections = numberOption('connections', 50, { min: 1, max: 256 });
const profile = process.argv.includes('--profile');
const skipBuild = process.argv.includes('--skip-build');
const rounds = numberOption('rounds', 1, { min: 1, max: 9 });
/** `--before DIR`: another build of the api (e.g. of the commit before a change), measured in the same run. */
const beforeOption = option('before', null);
const beforeEntry = beforeOption === null ? null : buildEntry(beforeOption);
/** What the work asks of the api against the bare pipe of the same run. */
const TARGETS = { throughput: 0.4, p99: 2.5 };

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

/** The two reads: each captured from the twin once, then served by the static upstream from a file. */
const reads = [
  { key: 'events', script: 'getEvents', data: { when: 'upcoming', size: 2 }, label: 'getEvents (catalogue)' },
  { key: 'sportsmen', script: 'getSportsmen', data: { size: 3 }, label: 'getSportsmen (filtered)' },
];
const platformPath = (module, read) =>
  `/api/extensions/${module}/script/${read.script}?data=${encodeURIComponent(JSON.stringify(read.data))}`;

const children = [];
const apis = [];

/** The apis first (requests the generator left in flight would otherwise fail upstream and log), then the rest. */
async function stopAll() {
  for (const api of apis.splice(0)) await api.stop();
  for (const child of [...children].reverse()) await stopChild(child, 'SIGTERM', 5_000);
}

function ensureTools() {
  if (!existsSync(nginxBinary))
    throw new BenchError(`${nginxBinary} is missing: apt-get install nginx-light`);
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

const pad = (value, width) => String(value).padStart(width);
const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** The row of median req/s of several runs of one front door, with the median of each other figure. */
function medianOf(runs) {
  const pick = (key) => median(runs.map((run) => run[key]));
  const cpu = runs.map((run) => run.cpuUs);
  return {
    name: runs[0].name,
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    bad: runs.reduce((sum, run) => sum + run.bad, 0),
    cpuUs: cpu.includes(null) ? null : median(cpu),
    generatorCores: pick('generatorCores'),
  };
}

async function main() {
  ensureTools();
  if (!skipBuild) {
    console.log('Building the api (npx nx run api:build)…');
    if (!runNx(['run', 'api:build', '--output-style=static'])) throw new BenchError('the api build failed');
  }
  if (!existsSync(apiEntry)) throw new BenchError(`${apiEntry} is missing: run "npx nx run api:build" first`);
  const generator = loadGenerator();

  const work = mkdtempSync(join(tmpdir(), 'bench-proxy-static-'));
  cleanUpOnExit(children, work);
  const runsPerRound = beforeEntry === null ? 4 : 6;
  timeLimit((rounds * runsPerRound * (duration + 4) + 300) * 1000);

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
  const realDeployment = realDeploymentEnv({
    platformUrl: `http://127.0.0.1:${staticPort}`,
    platformToken: randomBytes(24).toString('hex'),
    ids,
    portalDistDir: join(work, 'no-portal'),
  });
  const api = await startApi({
    seed: null,
    healthTimeoutMs: 120_000,
    nodeArgs: profile ? ['--require', join(here, 'cpu-profile.cjs')] : [],
    env: { ...realDeployment, BENCH_CPU_PROFILE: profileFile },
  });
  apis.push(api);
  const earlier =
    beforeEntry === null
      ? null
      : await startApi({ seed: null, healthTimeoutMs: 120_000, entry: beforeEntry, env: realDeployment });
  if (earlier !== null) apis.push(earlier);

  const urls = {
    nginx: `http://127.0.0.1:${nginxPort}${upstreamPath}`,
    bare: `http://127.0.0.1:${barePort}${upstreamPath}`,
    api: (read, base = api.base) =>
      `${base}/api/proxy?url=${encodeURIComponent(platformPath(ids.PUBLIC_EXTENSION_FUNCTIONS_ID, read))}`,
  };
  // The same bytes through every door (the catalogue read is relayed as it came), and the same filtered answer
  // from both builds.
  const captured = readFileSync(join(prefix, 'static', 'events.json'));
  for (const [name, url] of [
    ['nginx', urls.nginx],
    ['the bare pipe', urls.bare],
    ['the api', urls.api(events)],
    ...(earlier === null ? [] : [['the api before', urls.api(events, earlier.base)]]),
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
  if (earlier !== null) {
    const now = await filtered.text();
    const then = await (await fetch(urls.api(reads[1], earlier.base))).text();
    if (now !== then) throw new BenchError('the two builds filter getSportsmen differently');
  }

  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `\nGET of a captured script answer (${events.bytes} B ${events.script}, ${reads[1].bytes} B ${reads[1].script}) ` +
      `from one static nginx upstream; ${generator.name}, ${connections} connections, ${duration} s each, ` +
      `${rounds} round(s), loopback; load average at the start ${load} on ${cpus().length} cores ` +
      `(shared with whatever else runs)\n`,
  );
  const runs = new Map();
  /**
   * One front door: a warm-up, then the measured run; `pid` is the process whose CPU per answered request is
   * counted (the front door's own, upstream excluded): steadier than req/s on a machine others share.
   */
  const measure = async (name, url, pid, profiled = false) => {
    await drive(generator, url, { connections, seconds: 2, children }); // warm-up: JIT, keep-alive pools
    if (profiled) process.kill(pid, 'SIGWINCH');
    const cpuBefore = cpuMsOf(pid);
    const result = await drive(generator, url, { connections, seconds: duration, children });
    const cpuAfter = cpuMsOf(pid);
    if (profiled) process.kill(pid, 'SIGWINCH');
    result.cpuUs =
      cpuBefore === null || cpuAfter === null
        ? null
        : ((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.answered);
    if (!runs.has(name)) runs.set(name, []);
    runs.get(name).push({ name, ...result });
  };
  const rows = {
    nginx: 'nginx proxy',
    bare: 'bare Node keep-alive pipe',
    catalogue: `api /api/proxy, ${events.label}`,
    catalogueBefore: `api before, ${events.label}`,
    filtered: `api /api/proxy, ${reads[1].label}`,
    filteredBefore: `api before, ${reads[1].label}`,
  };
  for (let round = 0; round < rounds; round += 1) {
    await measure(rows.nginx, urls.nginx, null);
    await measure(rows.bare, urls.bare, bare.pid);
    // With --before, the two builds take turns on each read, so that a burst of other work lands on neither alone.
    await measure(rows.catalogue, urls.api(events), api.pid, profile && round === 0);
    if (profile && round === 0)
      await waitFor(async () => existsSync(profileFile), null, 'the cpu profile', 10_000);
    if (earlier !== null) await measure(rows.catalogueBefore, urls.api(events, earlier.base), earlier.pid);
    await measure(rows.filtered, urls.api(reads[1]), api.pid);
    if (earlier !== null) await measure(rows.filteredBefore, urls.api(reads[1], earlier.base), earlier.pid);
  }
  const results = Object.fromEntries(
    Object.entries(rows)
      .filter(([, name]) => runs.has(name))
      .map(([key, name]) => [key, medianOf(runs.get(name))]),
  );
  const bareResult = results.bare;

  console.log(
    [
      'front door'.padEnd(44),
      pad('req/s', 7),
      pad('p50 ms', 7),
      pad('p99 ms', 7),
      pad('non-2xx', 7),
      pad('× bare', 6),
      pad('p99 × bare', 10),
      pad('CPU µs/req', 10),
      pad('generator', 9),
    ].join(' '),
  );
  for (const result of Object.values(results)) {
    console.log(
      [
        result.name.padEnd(44),
        pad(result.rps.toFixed(0), 7),
        pad(ms(result.p50), 7),
        pad(ms(result.p99), 7),
        pad(result.bad, 7),
        pad((result.rps / bareResult.rps).toFixed(2), 6),
        pad((result.p99 / bareResult.p99).toFixed(2), 10),
        pad(result.cpuUs === null ? '' : result.cpuUs.toFixed(0), 10),
        pad(`${result.generatorCores.toFixed(2)} c`, 9),
      ].join(' '),
    );
  }
  console.log(
    `(generator: the CPU the load generator used, in cores; it runs ${generator.threads} thread(s), so near ` +
      `${generator.threads.toFixed(1)} it would be the limit)`,
  );
  const verdict = (result) => {
    const throughput = result.rps / bareResult.rps;
    const tail = result.p99 / bareResult.p99;
    return (
      `${throughput.toFixed(2)} × bare req/s (target ≥ ${TARGETS.throughput}: ${throughput >= TARGETS.throughput ? 'met' : 'short'}), ` +
      `p99 ${tail.toFixed(2)} × bare's (target ≤ ${TARGETS.p99}: ${tail <= TARGETS.p99 ? 'met' : 'short'})`
    );
  };
  console.log('');
  for (const [key, label] of [
    ['catalogue', 'api, catalogue read:       '],
    ['catalogueBefore', 'api before, catalogue read:'],
    ['filtered', 'api, filtered read:        '],
    ['filteredBefore', 'api before, filtered read: '],
  ]) {
    if (results[key] !== undefined) console.log(`${label} ${verdict(results[key])}`);
  }
  console.log(`nginx: ${(results.nginx.rps / bareResult.rps).toFixed(2)} × the bare pipe`);
  const cpuLine = (label, result) =>
    result?.cpuUs == null || bareResult.cpuUs === null
      ? null
      : `${label} ${result.cpuUs.toFixed(0)} µs (${(result.cpuUs / bareResult.cpuUs).toFixed(1)} × the bare pipe's ${bareResult.cpuUs.toFixed(0)} µs)`;
  const cpuLines = [
    cpuLine('api, catalogue', results.catalogue),
    cpuLine('api before, catalogue', results.catalogueBefore),
    cpuLine('api, filtered', results.filtered),
    cpuLine('api before, filtered', results.filteredBefore),
  ].filter((line) => line !== null);
  if (cpuLines.length > 0) console.log(`CPU per request: ${cpuLines.join('; ')}`);

  if (profile) {
    const kept = join(tmpdir(), 'bench-proxy-api.cpuprofile');
    writeFileSync(kept, readFileSync(profileFile));
    const top = topFrames(profileFile, { sourceMap: `${apiEntry}.map` });
    console.log(`\nThe profile is kept at ${kept} (open it in Chrome's DevTools, Performance).`);
    console.log(
      `\napi CPU profile over the catalogue run (${top.samples} samples, ${(top.idleShare * 100).toFixed(0)} % idle); share of busy time:`,
    );
    console.log('  self time by layer:');
    for (const layer of top.layers) console.log(`  ${layer.share.padStart(7)}  ${layer.name}`);
    console.log('  self time by source:');
    for (const area of top.sources) console.log(`  ${area.share.padStart(7)}  ${area.name}`);
    console.log('  top self time:');
    for (const frame of top.self) console.log(`  ${frame.share.padStart(7)}  ${frame.name}`);
  }
}

runBench(main, stopAll);
