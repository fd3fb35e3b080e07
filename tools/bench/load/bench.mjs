#!/usr/bin/env node
/**
 * Load: 200 virtual users for 60 s against the built api, on loopback, with the platform twin in a process of its
 * own — as production has the platform elsewhere: the api is a real deployment pointed at the twin through its
 * normal setting (`PLATFORM_URL`, `PLATFORM_TOKEN`, the `PUBLIC_*` ids of the twin's demo federation), so that
 * every platform call takes the production code path over HTTP. The twin is the sandbox api of a fresh demo
 * federation; the api under test gets the demo phones' logins (a copy of the twin's auth store, the same
 * `JWT_SECRET`) and sends its sign-in codes to the scale stand's SMS.ru gateway (tools/scale/stand.mjs), which
 * keeps them for the users to type (the sandbox outbox does not exist in a real deployment).
 *
 * Each user, with no think time: opens the events page (its HTML and the first page of upcoming events), an
 * event (its card and programs), then goes on browsing and applying (the eligibility read, and the application
 * when one is still open to the athlete) once signed in. A real deployment keeps the product's limits on sign-in
 * codes (one a minute to a phone), so the users of one demo phone share its session, as a household shares a
 * login: the first of them signs in, under load, the others wait for it. Each user comes from its own client
 * address (`X-Forwarded-For` with `TRUST_PROXY=1`), so that per-address limits count per user.
 *
 * Prints requests/s, p50/p95/p99 and the answers by class (5xx counted apart) against the targets, the same per
 * step, and where the time went (the CPU of the api, of the twin and of this driver), each beside its reference
 * from the same run: the twin alone, driven by the same users with the platform reads the api makes for them
 * (what the platform costs, under the api's figures), and with `--before DIR` an earlier build, measured in the
 * same run against a fresh twin of its own. `--profile` also prints the api's busiest code by source (api,
 * SQLite, Express…), read through the bundle's source map; `--profile-twin` the same of the twin, in every phase.
 *
 *   node tools/bench/load/bench.mjs [--users 200] [--duration 60] [--before DIR [--twin-before]] [--profile]
 *     [--profile-twin] [--skip-build]
 *   (npm run bench:load)
 *
 * `--before DIR`: DIR is a copy of an earlier `dist/` (holding `apps/api/main.cjs` and `apps/portal/`; inside the
 * workspace, e.g. `dist/.bench-before`, so that it finds `node_modules`). `BENCH_API_ENTRY` still names the build
 * measured as this one. The twin is this build's in every phase, so that the api builds meet the same platform;
 * `--twin-before` gives the before phase the before build's twin instead and adds its reference (the twin alone,
 * before), to compare the twin's own cost.
 *
 * The driver is node's own http client with one keep-alive connection per user (cheaper per request than fetch,
 * ADR 0011). Bounded: each phase stops starting requests at its deadline and waits at most 15 s for those in
 * flight; a time limit ends the run whatever hangs.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BenchError,
  apiEntry,
  buildEntry,
  cleanUpOnExit,
  cpuMsOf,
  numberOption,
  option,
  percentile,
  realDeploymentEnv,
  runBench,
  runNx,
  startApi,
  timeLimit,
} from '../shared.mjs';
import { topFrames } from '../proxy/top-frames.mjs';
import { sandboxPublicIds, startSmsGateway, stopAll as stopScaleStand } from '../../scale/stand.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TARGETS = { p95Ms: 300, p99Ms: 1000 };

const users = numberOption('users', 200, { min: 1, max: 1000 });
const durationS = numberOption('duration', 60, { min: 5, max: 300 });
const profile = process.argv.includes('--profile');
const profileTwin = process.argv.includes('--profile-twin');
const beforeDir = option('before', null);
const twinBefore = process.argv.includes('--twin-before');
/** Demo logins that hold athletes (libs/sandbox-fixtures `demoPhones`): the family and the adult athlete. */
const phones = ['+79990000001', '+79990000002'];

// ---------------------------------------------------------------------------------------------- the client
/**
 * One request; resolves with status, JSON body (when JSON) and latency in ms; never rejects (status 0: error).
 * `agent` keeps one connection per user.
 */
function call(agent, base, method, path, { headers = {}, body } = {}) {
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
        answer.on('error', (error) =>
          resolve({
            status: 0,
            error: error.code ?? error.message,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no byte for 30 s')));
    outgoing.on('error', (error) =>
      resolve({
        status: 0,
        error: error.code ?? error.message,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      }),
    );
    outgoing.end(payload);
  });
}

// ------------------------------------------------------------------------------------------- the figures
/** The samples of one phase: every answer's latency, and per step its latencies, classes and statuses. */
function newFigures() {
  const figures = { measuring: true, samples: [], steps: new Map(), failures: new Map() };
  figures.record = (step, result) => {
    if (!figures.measuring) return result;
    figures.samples.push(result.ms);
    let entry = figures.steps.get(step);
    if (entry === undefined) {
      entry = { ms: [], byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 }, statuses: new Map() };
      figures.steps.set(step, entry);
    }
    entry.ms.push(result.ms);
    const cls = result.status === 0 ? 'error' : `${Math.floor(result.status / 100)}xx`;
    entry.byClass[cls] += 1;
    entry.statuses.set(result.status, (entry.statuses.get(result.status) ?? 0) + 1);
    if (result.status >= 500 || result.status === 0) {
      // What failed, as the api's error says it (its code and message; never a request's data).
      const what =
        result.status === 0
          ? `no answer (${result.error})`
          : `${result.status} ${result.json?.code ?? ''} ${result.json?.message ?? ''}`.trim();
      const key = `${step}: ${what}`;
      figures.failures.set(key, (figures.failures.get(key) ?? 0) + 1);
    }
    return result;
  };
  return figures;
}

// ------------------------------------------------------------------------------------------- the journeys
const platformScriptPath = (module, script, input) =>
  `/api/extensions/${module}/script/${script}${input === undefined ? '' : `?data=${encodeURIComponent(JSON.stringify(input))}`}`;
const proxyPath = (module, script, input) =>
  `/api/proxy?url=${encodeURIComponent(platformScriptPath(module, script, input))}`;
const eventsOf = (json) =>
  Array.isArray(json?.result) ? json.result : Array.isArray(json?.data) ? json.data : [];
/** A documentation-range address per user (RFC 5737): a header value only, nothing is sent there. */
const addressOf = (index) => `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** The api's users: the pages, the reads through the proxy, the sign-in and the applications. */
function apiJourney(phase) {
  const { record, modules, sms } = phase;
  const get = (user, path, headers = user.headers) => call(user.agent, phase.base, 'GET', path, { headers });
  /** The session of each phone, signed in once by the first of its users (the product's code limits). */
  const sessions = new Map();

  async function signIn(user) {
    const sent = record(
      'sign in: LoginUser',
      await call(user.agent, phase.base, 'POST', '/api/auth/LoginUser', {
        headers: user.headers,
        body: { phone: user.phone },
      }),
    );
    if (sent.status !== 200) return null;
    let code;
    try {
      code = sms.codeFor(user.phone);
    } catch {
      return null;
    }
    const confirmed = record(
      'sign in: LoginUserConfirm',
      await call(user.agent, phase.base, 'POST', '/api/auth/LoginUserConfirm', {
        headers: user.headers,
        body: { phone: user.phone, code },
      }),
    );
    const token = confirmed.json?.data?.Token;
    if (typeof token !== 'string') return null;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    const athlete = Array.isArray(claims.Sportsman) ? claims.Sportsman[0] : claims.Sportsman;
    return { token, athlete: typeof athlete === 'string' ? athlete : null };
  }

  async function browse(user) {
    record('events page: HTML', await get(user, '/competitions'));
    const list = record(
      'events page: getEvents',
      await get(user, proxyPath(modules.functions, 'getEvents', { when: 'upcoming', size: 20 })),
    );
    const events = eventsOf(list.json);
    if (events.length === 0) return null;
    const event = events[Math.floor(Math.random() * events.length)];
    const id = event.__id ?? event.id;
    await Promise.all([
      get(user, proxyPath(modules.functions, 'getEventById', { id })).then((r) =>
        record('event page: getEventById', r),
      ),
      get(user, proxyPath(modules.functions, 'getEventPrograms', { eventId: id })).then((r) =>
        record('event page: getEventPrograms', r),
      ),
    ]);
    return id;
  }

  async function apply(user, competitionId) {
    const headers = { ...user.headers, Authorization: `Bearer ${user.session.token}` };
    const eligibility = record(
      'apply: getApplicationEligibility',
      await get(
        user,
        proxyPath(modules.application, 'getApplicationEligibility', {
          sportsmanId: user.session.athlete,
          competitionId,
        }),
        headers,
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
      await call(user.agent, phase.base, 'POST', proxyPath(modules.application, 'createApplication'), {
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

  return async function virtualUser(index, deadline) {
    const user = {
      phone: phones[index % phones.length],
      headers: { 'X-Forwarded-For': addressOf(index) },
      agent: phase.agent,
      session: null,
    };
    while (Date.now() < deadline) {
      const competitionId = await browse(user);
      if (Date.now() >= deadline) break;
      if (user.session === null) {
        if (!sessions.has(user.phone)) sessions.set(user.phone, signIn(user));
        // A failed sign-in is not tried again in the run (the product's limits would refuse it for a minute):
        // the phone's users go on browsing, and the step's statuses show it.
        user.session = await sessions.get(user.phone);
      }
      if (user.session?.athlete && competitionId) await apply(user, competitionId);
    }
    phase.athletes.add(user.session?.athlete ?? null);
  };
}

/**
 * The reference: the same users on the twin alone, making the platform reads the api makes for the journey (the
 * events list, an event's card and programs, the eligibility of an athlete the api's users signed in with).
 */
function twinJourney(phase, athletes) {
  const { record, modules } = phase;
  const headers = { Authorization: `Bearer ${phase.platformToken}` };
  const get = (path) => call(phase.agent, phase.base, 'GET', `/sandbox/elma${path}`, { headers });
  return async function virtualUser(index, deadline) {
    const athlete = athletes[index % athletes.length] ?? null;
    while (Date.now() < deadline) {
      const list = record(
        'getEvents',
        await get(platformScriptPath(modules.functions, 'getEvents', { when: 'upcoming', size: 20 })),
      );
      const events = eventsOf(list.json);
      if (events.length === 0) continue;
      const id = events[Math.floor(Math.random() * events.length)].__id;
      await Promise.all([
        get(platformScriptPath(modules.functions, 'getEventById', { id })).then((r) =>
          record('getEventById', r),
        ),
        get(platformScriptPath(modules.functions, 'getEventPrograms', { eventId: id })).then((r) =>
          record('getEventPrograms', r),
        ),
      ]);
      if (athlete === null || Date.now() >= deadline) continue;
      record(
        'getApplicationEligibility',
        await get(
          platformScriptPath(modules.application, 'getApplicationEligibility', {
            sportsmanId: athlete,
            competitionId: id,
          }),
        ),
      );
    }
  };
}

/** The reference step (the twin alone) of each step of the api's journey that is one platform read. */
const REFERENCE_STEP = {
  'events page: getEvents': 'getEvents',
  'event page: getEventById': 'getEventById',
  'event page: getEventPrograms': 'getEventPrograms',
  'apply: getApplicationEligibility': 'getApplicationEligibility',
};

// ------------------------------------------------------------------------------------------- the run
const children = [];
/** The processes of the phase running: stopped at its end, or by the time limit. */
const running = [];
async function stopRunning() {
  for (const started of running.splice(0).reverse()) await started.stop();
}

/** Everything this run started: the phase's processes, then the scale stand's SMS gateway and its directory. */
async function stopEverything() {
  await stopRunning();
  await stopScaleStand();
}

/** The public configuration a build serves with its portal (the module ids of its platform). */
async function publicConfigOf(base) {
  const page = await call(new Agent(), base, 'GET', '/');
  const config = /type="application\/json">(.*?)<\/script>/.exec(page.text ?? '')?.[1];
  if (!config) throw new BenchError(`${base}: the portal is not built: / carries no public configuration`);
  return JSON.parse(config);
}

/**
 * A fresh platform twin (the sandbox api with the demo federation, of build `twinEntry`) in its own process,
 * and, unless `entry` is null, the api of build `entry` as a real deployment in front of it.
 */
async function startStand(work, entry, sms, twinEntry = apiEntry) {
  const platformToken = randomBytes(24).toString('hex');
  const jwtSecret = randomBytes(32).toString('hex');
  const twinAuth = mkdtempSync(join(work, 'twin-auth-'));
  const twinProfileFile = join(work, `twin-${randomBytes(4).toString('hex')}.cpuprofile`);
  const twin = await startApi({
    entry: twinEntry,
    nodeArgs: profileTwin ? ['--require', join(here, '../proxy/cpu-profile.cjs')] : [],
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      PLATFORM_TOKEN: platformToken,
      JWT_SECRET: jwtSecret,
      AUTH_DATA_DIR: twinAuth,
      BENCH_CPU_PROFILE: twinProfileFile,
    },
  });
  twin.profileFile = twinProfileFile;
  twin.entry = twinEntry;
  running.push(twin);
  if (entry === null) return { twin, api: null, platformToken };
  // The demo phones' logins, as the twin's sandbox wiring made them (SQLite and its write-ahead log, idle).
  const apiAuth = mkdtempSync(join(work, 'api-auth-'));
  cpSync(twinAuth, apiAuth, { recursive: true });
  const profileFile = join(work, `api-${randomBytes(4).toString('hex')}.cpuprofile`);
  const api = await startApi({
    seed: null,
    entry,
    nodeArgs: profile ? ['--require', join(here, '../proxy/cpu-profile.cjs')] : [],
    env: {
      ...realDeploymentEnv({
        platformUrl: `${twin.base}/sandbox/elma`,
        platformToken,
        ids: sandboxPublicIds(),
        sms,
      }),
      LOG_LEVEL: 'error',
      TRUST_PROXY: '1',
      JWT_SECRET: jwtSecret,
      AUTH_DATA_DIR: apiAuth,
      BENCH_CPU_PROFILE: profileFile,
    },
  });
  running.push(api);
  return { twin, api, platformToken, profileFile };
}

/** Starts (`SIGWINCH`) or stops the sampling profiler preloaded into a process (../proxy/cpu-profile.cjs). */
function toggleProfiler(started) {
  process.kill(started.pid, 'SIGWINCH');
}

/** The top frames of the profile `started` wrote when its profiler stopped (it writes it a moment later). */
async function framesOf(file, entry) {
  const deadline = Date.now() + 10_000;
  while (!existsSync(file) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
  return topFrames(file, { sourceMap: `${entry}.map`, limit: 20 });
}

/** Drives `journey` with the users for the phase's time; its figures and the CPU each process used. */
async function drive(phase, journey, pids) {
  const started = Date.now();
  const deadline = started + durationS * 1000;
  const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMsOf(pid)]));
  const driverBefore = process.cpuUsage();
  const runningUsers = Array.from({ length: users }, (_, index) => journey(index, deadline));
  await Promise.race([
    Promise.all(runningUsers),
    new Promise((done) => setTimeout(done, durationS * 1000 + 15_000)),
  ]);
  phase.figures.measuring = false;
  const elapsedS = (Date.now() - started) / 1000;
  const cores = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, (cpuMsOf(pid) - cpuBefore[name]) / 1000 / elapsedS]),
  );
  const driver = process.cpuUsage(driverBefore);
  cores.driver = (driver.user + driver.system) / 1e6 / elapsedS;
  phase.agent.destroy();
  return { figures: phase.figures, elapsedS, cores };
}

/** One phase: the users on the api of build `entry`, in front of a fresh twin. */
async function apiPhase(label, entry, work, sms, twinEntry = apiEntry) {
  const stand = await startStand(work, entry, sms, twinEntry);
  const config = await publicConfigOf(stand.api.base);
  const figures = newFigures();
  const phase = {
    base: stand.api.base,
    agent: new Agent({ keepAlive: true, maxSockets: users * 2, maxFreeSockets: users * 2 }),
    figures,
    record: figures.record,
    modules: config.extensions,
    sms,
    athletes: new Set(),
  };
  // Warm the api's paths (JIT, keep-alive pools) with a few reads before measuring.
  for (let i = 0; i < 20; i += 1) {
    await call(
      phase.agent,
      phase.base,
      'GET',
      proxyPath(phase.modules.functions, 'getEvents', { when: 'upcoming', size: 20 }),
    );
  }
  console.log(`  ${label}: ${users} users for ${durationS} s…`);
  if (profile) toggleProfiler(stand.api);
  if (profileTwin) toggleProfiler(stand.twin);
  const result = await drive(phase, apiJourney(phase), { api: stand.api.pid, twin: stand.twin.pid });
  if (profile) toggleProfiler(stand.api);
  if (profileTwin) toggleProfiler(stand.twin);
  result.label = label;
  result.athletes = [...phase.athletes].filter((athlete) => athlete !== null);
  if (profile) result.profile = await framesOf(stand.profileFile, entry);
  if (profileTwin) result.twinProfile = await framesOf(stand.twin.profileFile, stand.twin.entry);
  await stopRunning();
  return result;
}

/** The reference phase: the users on the twin alone (a fresh one), the platform reads of their journey. */
async function twinPhase(label, work, sms, athletes, twinEntry = apiEntry) {
  const stand = await startStand(work, null, sms, twinEntry);
  const figures = newFigures();
  const phase = {
    base: stand.twin.base,
    agent: new Agent({ keepAlive: true, maxSockets: users * 2, maxFreeSockets: users * 2 }),
    figures,
    record: figures.record,
    modules: {
      functions: sandboxPublicIds().PUBLIC_EXTENSION_FUNCTIONS_ID,
      application: sandboxPublicIds().PUBLIC_EXTENSION_APPLICATION_ID,
    },
    platformToken: stand.platformToken,
  };
  console.log(`  ${label}: ${users} users for ${durationS} s…`);
  if (profileTwin) toggleProfiler(stand.twin);
  const result = await drive(phase, twinJourney(phase, athletes), { twin: stand.twin.pid });
  if (profileTwin) toggleProfiler(stand.twin);
  result.label = label;
  if (profileTwin) result.twinProfile = await framesOf(stand.twin.profileFile, stand.twin.entry);
  await stopRunning();
  return result;
}

// ------------------------------------------------------------------------------------------- the report
const p = (list, q) => (list.length === 0 ? '—' : percentile(list, q).toFixed(0));
const sortedMs = (list) => [...list].sort((a, b) => a - b);

function totalsOf(result) {
  const total = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 };
  for (const entry of result.figures.steps.values())
    for (const [cls, count] of Object.entries(entry.byClass)) total[cls] += count;
  return total;
}

function printSummary(results) {
  const head = [
    'run'.padEnd(34),
    'req/s'.padStart(6),
    'p50'.padStart(5),
    'p95'.padStart(5),
    'p99'.padStart(5),
    '2xx'.padStart(7),
    '4xx'.padStart(5),
    '5xx'.padStart(5),
    'errors'.padStart(6),
    'api'.padStart(6),
    'twin'.padStart(6),
    'driver'.padStart(6),
    'api µs/req'.padStart(10),
    'twin µs/req'.padStart(11),
  ];
  console.log(`\n${head.join(' ')}   (ms; CPU in cores of ${cpus().length}, and per answered request)`);
  for (const result of results) {
    const sorted = sortedMs(result.figures.samples);
    const total = totalsOf(result);
    const core = (name) => (result.cores[name] === undefined ? '—' : result.cores[name].toFixed(2));
    // CPU per request: steadier than latency on a machine others share.
    const perRequest = (name) =>
      result.cores[name] === undefined
        ? '—'
        : ((result.cores[name] * result.elapsedS * 1e6) / Math.max(1, result.figures.samples.length)).toFixed(
            0,
          );
    console.log(
      [
        result.label.padEnd(34),
        (result.figures.samples.length / result.elapsedS).toFixed(0).padStart(6),
        p(sorted, 50).padStart(5),
        p(sorted, 95).padStart(5),
        p(sorted, 99).padStart(5),
        String(total['2xx']).padStart(7),
        String(total['4xx']).padStart(5),
        String(total['5xx']).padStart(5),
        String(total.error).padStart(6),
        core('api').padStart(6),
        core('twin').padStart(6),
        core('driver').padStart(6),
        perRequest('api').padStart(10),
        perRequest('twin').padStart(11),
      ].join(' '),
    );
  }
  for (const result of results.filter((entry) => entry.cores.api !== undefined)) {
    const sorted = sortedMs(result.figures.samples);
    const p95 = percentile(sorted, 95);
    const p99 = percentile(sorted, 99);
    const total = totalsOf(result);
    const verdict = (ok) => (ok ? 'met' : 'short');
    console.log(
      `${result.label}: p95 ${p95.toFixed(0)} ms (target ≤ ${TARGETS.p95Ms}: ${verdict(p95 <= TARGETS.p95Ms)}), ` +
        `p99 ${p99.toFixed(0)} ms (target ≤ ${TARGETS.p99Ms}: ${verdict(p99 <= TARGETS.p99Ms)}), ` +
        `5xx ${total['5xx']} (target 0: ${verdict(total['5xx'] === 0)}), errors ${total.error}`,
    );
  }
}

function printSteps(results, reference) {
  const apiRuns = results.filter((result) => result.cores.api !== undefined);
  const head = [
    'step'.padEnd(34),
    ...apiRuns.flatMap((result) => [
      `${result.label.slice(0, 16)} n`.padStart(20),
      'p50'.padStart(5),
      'p95'.padStart(5),
    ]),
    ...(reference ? ['twin alone n'.padStart(13), 'p50'.padStart(5), 'p95'.padStart(5)] : []),
    '  statuses (this build)',
  ];
  console.log(`\n${head.join(' ')}`);
  const names = [...new Set(apiRuns.flatMap((result) => [...result.figures.steps.keys()]))];
  for (const name of names) {
    const cells = apiRuns.flatMap((result) => {
      const entry = result.figures.steps.get(name);
      const list = sortedMs(entry?.ms ?? []);
      return [String(list.length).padStart(20), p(list, 50).padStart(5), p(list, 95).padStart(5)];
    });
    const referenceEntry = reference?.figures.steps.get(REFERENCE_STEP[name]);
    const referenceList = sortedMs(referenceEntry?.ms ?? []);
    const referenceCells = reference
      ? referenceEntry === undefined
        ? ['—'.padStart(13), ''.padStart(5), ''.padStart(5)]
        : [
            String(referenceList.length).padStart(13),
            p(referenceList, 50).padStart(5),
            p(referenceList, 95).padStart(5),
          ]
      : [];
    const statuses = [...(apiRuns.at(-1).figures.steps.get(name)?.statuses ?? [])]
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log([name.padEnd(34), ...cells, ...referenceCells, `  ${statuses}`].join(' '));
  }
}

function printProfile(result, who = 'api', top = result.profile) {
  console.log(
    `\n${result.label}: ${who} CPU profile over the run (${top.samples} samples, ${(top.idleShare * 100).toFixed(0)} % idle); share of busy time:`,
  );
  console.log('  self time by source:');
  for (const area of top.sources) console.log(`  ${area.share.padStart(7)}  ${area.name}`);
  console.log('  self time by layer:');
  for (const layer of top.layers) console.log(`  ${layer.share.padStart(7)}  ${layer.name}`);
  console.log('  top self time:');
  for (const frame of top.self) console.log(`  ${frame.share.padStart(7)}  ${frame.name}`);
}

async function main() {
  const before = beforeDir === null ? null : buildEntry(beforeDir);
  if (!process.argv.includes('--skip-build')) {
    if (!runNx(['run-many', '-t', 'build', '-p', 'portal', 'api', '--output-style=static']))
      throw new BenchError('the build failed');
  }
  const phases = (before === null ? 1 : 2) + (before !== null && twinBefore ? 2 : 1);
  timeLimit(phases * (durationS + 150) * 1000, stopEverything);
  const work = mkdtempSync(join(tmpdir(), 'bench-load-'));
  cleanUpOnExit(children, work);
  const sms = await startSmsGateway();
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `\n${users} virtual users, ${durationS} s each, no think time, loopback; the api a real deployment in front of ` +
      `the platform twin in its own process (PLATFORM_URL); load average at the start ${load} on ` +
      `${cpus().length} cores (shared with whatever else runs)`,
  );
  try {
    const results = [];
    const beforeTwin = before !== null && twinBefore ? before : apiEntry;
    if (before !== null) results.push(await apiPhase(`before (${beforeDir})`, before, work, sms, beforeTwin));
    results.push(await apiPhase('this build', apiEntry, work, sms));
    const athletes = [...new Set(results.flatMap((result) => result.athletes))];
    const references = [];
    if (beforeTwin !== apiEntry)
      references.push(await twinPhase('reference: the twin alone, before', work, sms, athletes, beforeTwin));
    const reference = await twinPhase('reference: the twin alone', work, sms, athletes);
    references.push(reference);
    printSummary([...results, ...references]);
    printSteps(results, reference);
    console.log(
      '\nThe twin alone: the same users making only the platform reads of their journey, straight to the twin; ' +
        'the api adds its pages, sign-in and writes, and its own cost per read. Near 1.0 core a Node process ' +
        '(the api, the twin) is the bottleneck: it runs its JavaScript on one.',
    );
    for (const result of [...results, ...references]) {
      for (const [what, count] of result.figures.failures)
        console.log(`${result.label}, failed: ${what} ×${count}`);
    }
    for (const result of results.filter((entry) => entry.profile)) printProfile(result);
    for (const result of [...results, ...references].filter((entry) => entry.twinProfile))
      printProfile(result, 'twin', result.twinProfile);
  } finally {
    await stopEverything();
  }
}

runBench(main, stopEverything);
