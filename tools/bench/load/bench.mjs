#!/usr/bin/env node
/**
 * Load: 200 virtual users for 60 s against the built api with fresh sandbox data, on loopback. Each user, with no
 * think time: opens the events page (its HTML and the first page of upcoming events), an event (its card and
 * programs), signs in once with a demo phone through the sandbox SMS outbox, then goes on browsing and applying
 * (the eligibility read, and the application when one is still open to the athlete). Each user comes from its own
 * client address (`X-Forwarded-For` with `TRUST_PROXY=1`), as real visitors would, so that per-address limits
 * count per user.
 *
 * Prints requests/s, p50/p95/p99 and the answers by class (5xx counted apart) against the targets, the same per
 * step, and where the time went: the CPU the api process (api and platform twin in one process) and this driver
 * used, and with `--profile` the api's busiest code by source (api, twin, SQLite, Express…), read through the
 * bundle's source map.
 *
 *   node tools/bench/load/bench.mjs [--users 200] [--duration 60] [--profile] [--skip-build]   (npm run bench:load)
 *
 * `BENCH_API_ENTRY=<a copy of main.cjs, with its .map beside it>` runs another build of the api (a "before" kept
 * aside), so that two builds are compared on the same machine state.
 *
 * The driver is node's own http client with one keep-alive connection per user (cheaper per request than fetch,
 * ADR 0011). Bounded: the run stops starting requests at the deadline and waits at most 15 s for those in flight.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BenchError,
  apiEntry,
  cpuMsOf,
  numberOption,
  percentile,
  runBench,
  runNx,
  startApi,
  timeLimit,
} from '../shared.mjs';
import { topFrames } from '../proxy/top-frames.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TARGETS = { p95Ms: 300, p99Ms: 1000 };

const users = numberOption('users', 200, { min: 1, max: 1000 });
const durationS = numberOption('duration', 60, { min: 5, max: 300 });
const profile = process.argv.includes('--profile');
/** Demo logins that hold athletes (libs/sandbox-fixtures `demoPhones`): the family and the adult athlete. */
const phones = ['+79990000001', '+79990000002'];

// ---------------------------------------------------------------------------------------------- the client
const agent = new Agent({ keepAlive: true, maxSockets: users * 2, maxFreeSockets: users * 2 });
let base = null;

/** One request; resolves with status, JSON body (when JSON) and latency in ms; never rejects (status 0: error). */
function call(method, path, { headers = {}, body } = {}) {
  const started = process.hrtime.bigint();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'Accept-Encoding': 'identity',
          ...(payload === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
          ...headers,
        },
        timeout: 30_000,
      },
      (answer) => {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          if ((answer.headers['content-type'] ?? '').includes('json')) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({ status: answer.statusCode ?? 0, json, text, ms });
        });
        answer.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    outgoing.end(payload);
  });
}

// ------------------------------------------------------------------------------------------- the figures
let measuring = true;
const samples = [];
const steps = new Map();
function record(step, result) {
  if (!measuring) return result;
  samples.push(result.ms);
  let entry = steps.get(step);
  if (entry === undefined) {
    entry = { ms: [], byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 }, statuses: new Map() };
    steps.set(step, entry);
  }
  entry.ms.push(result.ms);
  const cls = result.status === 0 ? 'error' : `${Math.floor(result.status / 100)}xx`;
  entry.byClass[cls] += 1;
  entry.statuses.set(result.status, (entry.statuses.get(result.status) ?? 0) + 1);
  return result;
}

// ------------------------------------------------------------------------------------------- the journey
let modules = null;
const proxyPath = (module, script, input) => {
  const platform = `/api/extensions/${module}/script/${script}${input === undefined ? '' : `?data=${encodeURIComponent(JSON.stringify(input))}`}`;
  return `/api/proxy?url=${encodeURIComponent(platform)}`;
};
const eventsOf = (json) =>
  Array.isArray(json?.result) ? json.result : Array.isArray(json?.data) ? json.data : [];

/** One code at a time per phone: a new code replaces the one another user is about to type. */
const phoneLocks = new Map();
async function withPhone(phone, work) {
  const previous = phoneLocks.get(phone) ?? Promise.resolve();
  let release;
  const mine = new Promise((done) => (release = done));
  phoneLocks.set(
    phone,
    previous.then(() => mine),
  );
  await previous;
  try {
    return await work();
  } finally {
    release();
  }
}

async function signIn(user) {
  return withPhone(user.phone, async () => {
    const sent = record(
      'sign in: LoginUser',
      await call('POST', '/api/auth/LoginUser', { headers: user.headers, body: { phone: user.phone } }),
    );
    if (sent.status !== 200) return null;
    const latest = record(
      'sign in: SMS outbox',
      await call('GET', `/sandbox/sms/latest?phone=${encodeURIComponent(user.phone)}`, {
        headers: user.headers,
      }),
    );
    const code = latest.json?.code;
    if (typeof code !== 'string') return null;
    const confirmed = record(
      'sign in: LoginUserConfirm',
      await call('POST', '/api/auth/LoginUserConfirm', {
        headers: user.headers,
        body: { phone: user.phone, code },
      }),
    );
    const token = confirmed.json?.data?.Token;
    if (typeof token !== 'string') return null;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    const athlete = Array.isArray(claims.Sportsman) ? claims.Sportsman[0] : claims.Sportsman;
    return { token, athlete: typeof athlete === 'string' ? athlete : null };
  });
}

async function browse(user) {
  record('events page: HTML', await call('GET', '/competitions', { headers: user.headers }));
  const list = record(
    'events page: getEvents',
    await call('GET', proxyPath(modules.functions, 'getEvents', { when: 'upcoming', size: 20 }), {
      headers: user.headers,
    }),
  );
  const events = eventsOf(list.json);
  if (events.length === 0) return null;
  const event = events[Math.floor(Math.random() * events.length)];
  const id = event.__id ?? event.id;
  await Promise.all([
    call('GET', proxyPath(modules.functions, 'getEventById', { id }), { headers: user.headers }).then((r) =>
      record('event page: getEventById', r),
    ),
    call('GET', proxyPath(modules.functions, 'getEventPrograms', { eventId: id }), {
      headers: user.headers,
    }).then((r) => record('event page: getEventPrograms', r)),
  ]);
  return id;
}

async function apply(user, competitionId) {
  const headers = { ...user.headers, Authorization: `Bearer ${user.session.token}` };
  const eligibility = record(
    'apply: getApplicationEligibility',
    await call(
      'GET',
      proxyPath(modules.application, 'getApplicationEligibility', {
        sportsmanId: user.session.athlete,
        competitionId,
      }),
      { headers },
    ),
  );
  const answer = eligibility.json?.data;
  if (!answer?.eligible || answer.existingRequestId) return;
  const programIds = answer.programs
    .filter((program) => program.eligible)
    .map((program) => program.programId);
  if (programIds.length === 0) return;
  record(
    'apply: createApplication',
    await call('POST', proxyPath(modules.application, 'createApplication'), {
      headers,
      body: {
        sportsmanId: user.session.athlete,
        competitionId,
        programIds: programIds.slice(0, 1),
        coach: null,
        acceptOffer: true,
      },
    }),
  );
}

async function virtualUser(index, deadline) {
  const user = {
    phone: phones[index % phones.length],
    // A documentation-range address per user (RFC 5737): a header value only, nothing is sent there.
    headers: { 'X-Forwarded-For': `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}` },
    session: null,
  };
  while (Date.now() < deadline) {
    const competitionId = await browse(user);
    if (Date.now() >= deadline) break;
    if (user.session === null) user.session = await signIn(user);
    if (user.session?.athlete && competitionId) await apply(user, competitionId);
  }
}

// ------------------------------------------------------------------------------------------- the run
async function main() {
  if (!process.argv.includes('--skip-build')) {
    if (!runNx(['run-many', '-t', 'build', '-p', 'portal', 'api', '--output-style=static']))
      throw new BenchError('the build failed');
  }
  const profileFile = join(
    (await import('node:os')).tmpdir(),
    `bench-load-api-${randomBytes(4).toString('hex')}.cpuprofile`,
  );
  const api = await startApi({
    nodeArgs: profile ? ['--require', join(here, '../proxy/cpu-profile.cjs')] : [],
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'error',
      TRUST_PROXY: '1',
      AUTH_RELAXED_CODE_LIMITS: 'true',
      BENCH_CPU_PROFILE: profileFile,
    },
  });
  timeLimit((durationS + 90) * 1000, () => api.stop());
  try {
    base = api.base;
    const page = await call('GET', '/');
    const config = /type="application\/json">(.*?)<\/script>/.exec(page.text ?? '')?.[1];
    if (!config) throw new BenchError('the portal is not built: / carries no public configuration');
    modules = JSON.parse(config).extensions;

    console.log(
      `\n${users} virtual users, ${durationS} s, no think time, loopback (api and platform twin in one process)`,
    );
    const started = Date.now();
    const deadline = started + durationS * 1000;
    const apiCpuBefore = cpuMsOf(api.pid);
    const driverCpuBefore = process.cpuUsage();
    if (profile) process.kill(api.pid, 'SIGWINCH');
    const running = Array.from({ length: users }, (_, index) => virtualUser(index, deadline));
    await Promise.race([
      Promise.all(running),
      new Promise((done) => setTimeout(done, durationS * 1000 + 15_000)),
    ]);
    measuring = false;
    const elapsedS = (Date.now() - started) / 1000;
    if (profile) process.kill(api.pid, 'SIGWINCH');
    const apiCpuMs = cpuMsOf(api.pid) - apiCpuBefore;
    const driverCpu = process.cpuUsage(driverCpuBefore);
    const driverCpuMs = (driverCpu.user + driverCpu.system) / 1000;

    const sorted = [...samples].sort((a, b) => a - b);
    const total = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 };
    for (const entry of steps.values())
      for (const [cls, count] of Object.entries(entry.byClass)) total[cls] += count;
    const p = (list, q) => percentile(list, q).toFixed(0);
    console.log(
      `\nrequests/s ${(samples.length / elapsedS).toFixed(0)}  (${samples.length} in ${elapsedS.toFixed(1)} s)\n` +
        `p50 ${p(sorted, 50)} ms   p95 ${p(sorted, 95)} ms (target ≤ ${TARGETS.p95Ms})   ` +
        `p99 ${p(sorted, 99)} ms (target ≤ ${TARGETS.p99Ms})\n` +
        `answers: 2xx ${total['2xx']}, 3xx ${total['3xx']}, 4xx ${total['4xx']}, 5xx ${total['5xx']} (target 0), ` +
        `errors ${total.error}`,
    );
    console.log(
      `\n${'step'.padEnd(36)} ${'count'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}  statuses`,
    );
    for (const [step, entry] of steps) {
      const list = [...entry.ms].sort((a, b) => a - b);
      const statuses = [...entry.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
      console.log(
        `${step.padEnd(36)} ${String(list.length).padStart(7)} ${p(list, 50).padStart(6)} ${p(list, 95).padStart(6)} ${p(list, 99).padStart(6)}  ${statuses}`,
      );
    }
    const cores = (ms) => (ms / 1000 / elapsedS).toFixed(2);
    console.log(
      `\nCPU over the run: api process ${cores(apiCpuMs)} cores (${((apiCpuMs * 1000) / samples.length).toFixed(0)} µs a request), ` +
        `this driver ${cores(driverCpuMs)} cores (${((driverCpuMs * 1000) / samples.length).toFixed(0)} µs a request); ` +
        `the machine has 2. Node runs the api's JavaScript on one core: near 1.0 the api's event loop is the bottleneck.`,
    );
    if (profile) {
      const deadlineFile = Date.now() + 10_000;
      while (!existsSync(profileFile) && Date.now() < deadlineFile)
        await new Promise((done) => setTimeout(done, 200));
      const top = topFrames(profileFile, { sourceMap: `${apiEntry}.map`, limit: 20 });
      console.log(
        `\napi CPU profile over the run (${top.samples} samples, ${(top.idleShare * 100).toFixed(0)} % idle); share of busy time:`,
      );
      console.log('  self time by source:');
      for (const area of top.sources) console.log(`  ${area.share.padStart(7)}  ${area.name}`);
      console.log('  self time by layer:');
      for (const layer of top.layers) console.log(`  ${layer.share.padStart(7)}  ${layer.name}`);
      console.log('  top self time:');
      for (const frame of top.self) console.log(`  ${frame.share.padStart(7)}  ${frame.name}`);
      console.log(`  (profile: ${profileFile})`);
    }
  } finally {
    agent.destroy();
    await api.stop();
  }
}

runBench(main);
