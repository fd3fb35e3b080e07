#!/usr/bin/env node
/**
 * Past one machine, shown: several api instances on one PostgreSQL and one Redis behind nginx, the platform
 * twin as their one shared upstream, all on loopback (stand.mjs); then the CHECK and the LOAD run.
 *
 *   npm run scale                                  # check, then load (1 and 2 instances)
 *   node tools/scale/run.mjs --check-only          # the check alone (CI)
 *   node tools/scale/run.mjs [--instances 2] [--duration 10] [--connections 32] [--skip-build]
 *
 * The check prints each line PASS or FAIL:
 *   1. a sign-in (and a registration) started on one instance confirms on another;
 *   2. a logout on one instance ends the session on the other within a second;
 *   3. a per-address limit counts across instances: the same requests split over two are refused at the same
 *      point as on one;
 *   4. an application written through one instance is read through the other;
 *   5. one instance killed mid-run: the writes go on through the other and none acknowledged is lost;
 *   6. notices written through both instances, both workers racing for the outbox: each mailed once;
 *   7. every instance killed (SIGKILL) between writing a notice and sending it: mailed once after the restart;
 *   8. the auth store backed up, wiped and restored (pg_dump / pg_restore): sign-in and the old session work.
 * The load run drives a signed-in read through nginx, first with one instance behind it, then with all,
 * and prints throughput, p50/p95 and the CPU each process spent.
 *
 * Needs Debian's redis-server and nginx (installed with apt-get when missing, as root), PostgreSQL
 * (tools/scripts/test-postgres.sh), and the api build (made first unless --skip-build). Exits 1 when a check
 * fails; stops everything it started on every exit, Ctrl-C included.
 */
import autocannon from 'autocannon';
import { numberOption, percentile, stopChild } from '../bench/shared.mjs';
import {
  cpuMsOfTree,
  ensureApiBuild,
  ensurePackages,
  instanceEnv,
  interrupted,
  logTail,
  onSignals,
  pgTool,
  postgresPid,
  StandError,
  startApiProcess,
  startNginx,
  startPostgres,
  startRedis,
  startSmsGateway,
  startSmtpSink,
  startTwin,
  stopAll,
} from './stand.mjs';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check-only');
const skipBuild = args.includes('--skip-build');
const instanceCount = numberOption('instances', 2, { min: 2, max: 4 });
const duration = numberOption('duration', 10, { min: 2, max: 60 });
const connections = numberOption('connections', 32, { min: 1, max: 256 });

const results = [];
function report(name, pass, detail) {
  results.push({ name, pass });
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}`);
}

/** Runs one check; a thrown error is its FAIL, and the next check still runs. */
async function check(name, body) {
  try {
    const detail = await body();
    report(name, true, detail);
  } catch (error) {
    report(name, false, error instanceof Error ? error.message : String(error));
  }
}

function expect(condition, message) {
  if (!condition) throw new StandError(message);
}

/** A client of one base URL speaking as `address` (the instances trust one proxy's X-Forwarded-For). */
function client(base, address) {
  const call = async (method, path, body, token) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(address ? { 'X-Forwarded-For': address } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: answer.status, body: json, text };
  };
  return {
    post: (path, body, token) => call('POST', path, body, token),
    get: (path, token) => call('GET', path, undefined, token),
  };
}

let phoneSeq = Number(String(Date.now()).slice(-5));
const newPhone = () =>
  `+7906${String(1_000_000 + (phoneSeq += 1))
    .padStart(7, '0')
    .slice(-7)}`;
let addressSeq = 0;
const newAddress = () => `203.0.113.${(addressSeq += 1) % 250}`;
const claimsOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

const athlete = {
  lastName: 'Масштабов',
  firstName: 'Илья',
  middleName: 'Петрович',
  birthDate: '1994-03-12',
  city: 'Казань',
  gender: 'male',
};
const organization = {
  name: 'СШ «Нагрузка»',
  inn: '7707083893',
  city: 'Казань',
  email: 'club@example.ru',
  contactPerson: 'Нагрузкина Анна Павловна',
};

/** Registers on `first` and confirms on `second`; answers the tokens. */
async function register(kind, first, second, sms) {
  const phone = newPhone();
  const started =
    kind === 'athlete'
      ? await first.post('/api/auth/RegisterUser', {
          phone,
          person: athlete,
          acceptUserAgreement: true,
          acceptSportsmanAgreement: true,
        })
      : await first.post('/api/auth/RegisterOrganization', {
          phone,
          organization,
          acceptUserAgreement: true,
          acceptOrganizationAgreement: true,
        });
  expect(started.status === 200, `registration answers ${started.status}: ${started.text.slice(0, 200)}`);
  const confirmed = await second.post('/api/auth/RegisterUserConfirm', { phone, code: sms.codeFor(phone) });
  expect(
    confirmed.status === 200,
    `confirmation answers ${confirmed.status}: ${confirmed.text.slice(0, 200)}`,
  );
  return { phone, ...confirmed.body.data };
}

function proxyPath(module, script, data) {
  const target = `/api/extensions/${module}/script/${script}`;
  const url = data === undefined ? target : `${target}?data=${encodeURIComponent(JSON.stringify(data))}`;
  return `/api/proxy?url=${encodeURIComponent(url)}`;
}

const isoDay = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function main() {
  onSignals();
  ensurePackages();
  ensureApiBuild(skipBuild);
  const started = Date.now();

  console.log('Starting the stand: PostgreSQL, Redis, the SMS gateway, the twin process…');
  const pg = await startPostgres();
  const redis = await startRedis();
  const sms = await startSmsGateway();
  const twin = await startTwin();
  const smtp = await startSmtpSink();
  const env = instanceEnv({ pg, redis, twin, sms, smtp });
  // The first instance migrates the store alone; the others start on it.
  const instances = [await startApiProcess('api-1', env)];
  instances.push(
    ...(await Promise.all(
      Array.from({ length: instanceCount - 1 }, (_, index) => startApiProcess(`api-${index + 2}`, env)),
    )),
  );
  const nginx = await startNginx({
    all: instances.map((instance) => instance.port),
    one: [instances[0].port],
  });
  console.log(
    `Stand up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${instances.length} instances (${instances
      .map((instance) => instance.port)
      .join(
        ', ',
      )}), twin ${twin.port}, nginx ${nginx.urls.all} (all) and ${nginx.urls.one} (one), PostgreSQL ${pg.port}, ${redis.url}\n`,
  );

  const [a, b] = instances;
  const modules = {
    application: env.PUBLIC_EXTENSION_APPLICATION_ID,
    requests: env.PUBLIC_EXTENSION_REQUESTS_ID,
    functions: env.PUBLIC_EXTENSION_FUNCTIONS_ID,
  };
  const viaA = client(a.base, newAddress());
  const viaB = client(b.base, newAddress());
  let athleteSession = null;
  let registeredAt = 0;
  let club = null;
  let requestId = null;

  await check('a registration (it signs in) started on one instance confirms on another', async () => {
    athleteSession = await register('athlete', viaA, viaB, sms);
    registeredAt = Date.now();
    loadToken = athleteSession.Token;
    const linked = await viaA.get('/api/auth/LinkedAccounts', athleteSession.Token);
    expect(linked.status === 200, `instance 2's token on instance 1: ${linked.status}`);
    return 'code asked on instance 1, confirmed on instance 2, the session used on instance 1';
  });

  await check('a logout on one instance ends the session on the other within a second', async () => {
    const session = await register('athlete', viaB, viaA, sms);
    // A catalogue read: nothing but the guard looks at the session, as on most routes.
    const guarded = proxyPath(modules.functions, 'getAgeClasses', {});
    const onB = (await viaB.get(guarded, session.Token)).status;
    expect(onB === 200, `the token on instance 2 before the logout: ${onB}`);
    const logout = await viaA.post('/api/auth/Logout', { RefreshToken: session.RefreshToken });
    expect(logout.status === 200, `Logout on instance 1 answers ${logout.status}`);
    const loggedOutAt = Date.now();
    // Polled until 1.5 s: the first refusal is reported; any request sent 1 s or more after the logout
    // that still gets in fails the check (a slow poll cannot make it pass or fail by itself).
    let refusedAfter = null;
    let lateAccepted = null;
    while (Date.now() - loggedOutAt < 1500) {
      const sentAfter = Date.now() - loggedOutAt;
      const status = (await viaB.get(guarded, session.Token)).status;
      if (status === 401) refusedAfter ??= sentAfter;
      else if (sentAfter >= 1000) lateAccepted ??= `${status} at ${sentAfter} ms`;
      await new Promise((done) => setTimeout(done, 20));
    }
    expect(refusedAfter !== null, 'instance 2 still accepts the token 1.5 s after the logout');
    expect(lateAccepted === null, `instance 2 still answered ${lateAccepted} after the logout`);
    return `instance 2 refuses the token ${refusedAfter} ms after the logout on instance 1`;
  });

  await check('a per-address limit counts across instances (client log: 10, then 429)', async () => {
    const report = { timestamp: new Date().toISOString(), msg: 'scale check' };
    const run = async (pick) => {
      const address = newAddress();
      const statuses = [];
      for (let index = 0; index < 13; index += 1) {
        statuses.push((await client(pick(index).base, address).post('/log', report)).status);
      }
      return statuses;
    };
    const onOne = await run(() => a);
    const overTwo = await run((index) => instances[index % instances.length]);
    const firstRefusal = (statuses) => statuses.indexOf(429) + 1;
    expect(
      JSON.stringify(onOne) === JSON.stringify(overTwo),
      `one instance ${onOne.join(',')}; split ${overTwo.join(',')}`,
    );
    expect(firstRefusal(onOne) === 11, `the first 429 is request ${firstRefusal(onOne)}, not 11`);
    return `refused from request ${firstRefusal(overTwo)} on one instance and split over ${instances.length}`;
  });

  await check('an application written through one instance is read through the other', async () => {
    expect(athleteSession !== null, 'no athlete (the first check failed)');
    club = await register('club', viaA, viaB, sms);
    const clubId = claimsOf(club.Token).Organization;
    const athleteId = claimsOf(athleteSession.Token).Sportsman;
    // The federation's back office (the platform, with its token) records the athlete's membership, as staff
    // do in ELMA: a fresh athlete of a real deployment could pay it only through the payment provider.
    const membership = await fetch(`${twin.platformUrl}/pub/v1/app/sport/sportsman/${athleteId}/update`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${twin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        context: { term_membership: `${new Date().getFullYear() + 2}-12-31T00:00:00Z` },
      }),
    });
    expect(membership.ok, `the platform refused the membership: ${membership.status}`);
    const ageClasses = await viaA.get(proxyPath(modules.functions, 'getAgeClasses', {}), club.Token);
    const age = new Date().getFullYear() - 1994;
    const ageClass = ageClasses.body?.result?.find(
      (entry) => (entry.age_from ?? 0) <= age && (entry.age_to ?? 200) >= age,
    );
    expect(ageClass, `no age class for ${age} years (getAgeClasses: ${ageClasses.status})`);
    const competition = await viaA.post(
      proxyPath(modules.functions, 'createCompetition'),
      competitionInput(clubId, 'Кубок масштаба', ageClass.__id),
      club.Token,
    );
    expect(
      competition.status === 200,
      `createCompetition answers ${competition.status}: ${competition.text.slice(0, 300)}`,
    );
    const competitionId = competition.body.data.__id ?? competition.body.data.id;
    const programs = await viaB.get(
      proxyPath(modules.functions, 'getEventPrograms', { eventId: competitionId }),
    );
    const programIds = (programs.body?.result ?? []).map((program) => program.__id);
    expect(programIds.length > 0, `getEventPrograms through instance 2: ${programs.status}`);
    const applied = await viaA.post(
      proxyPath(modules.application, 'createApplication'),
      { sportsmanId: athleteId, competitionId, programIds, coach: 'Тренеров Пётр', acceptOffer: true },
      athleteSession.Token,
    );
    expect(
      applied.status === 200,
      `createApplication through instance 1 answers ${applied.status}: ${applied.text.slice(0, 300)}`,
    );
    requestId = applied.body.data.__id;
    const read = await viaB.get(
      proxyPath(modules.application, 'getApplicationById', { id: requestId }),
      athleteSession.Token,
    );
    expect(
      read.status === 200 && read.body?.data?.__id === requestId,
      `getApplicationById through instance 2: ${read.status}`,
    );
    const listed = await viaB.get(
      proxyPath(modules.requests, 'getCompetitionRequests', { competitionId, from: 0, size: 10 }),
      club.Token,
    );
    const seen = (listed.body?.result ?? []).some((entry) => entry.__id === requestId);
    expect(seen, `the organizer's list through instance 2 (${listed.status}) lacks the application`);
    return 'applied through instance 1; read by the athlete and listed for the organizer through instance 2';
  });

  await check(
    'one instance killed mid-run: the writes go on through nginx and none acknowledged is lost',
    async () => {
      expect(club !== null, 'no club (the previous check failed)');
      const clubId = claimsOf(club.Token).Organization;
      const through = client(nginx.urls.all);
      const victim = instances.at(-1);
      const acknowledged = [];
      let failed = 0;
      let afterKill = 0;
      let killed = false;
      const runMs = 6000;
      const startedAt = Date.now();
      const killTimer = setTimeout(() => {
        killed = true;
        victim.child.kill('SIGKILL');
      }, runMs / 3);
      const worker = async (workerIndex) => {
        let sequence = 0;
        while (Date.now() - startedAt < runMs) {
          sequence += 1;
          const answer = await through.post(
            proxyPath(modules.functions, 'createCompetition'),
            competitionInput(clubId, `Нагрузка ${workerIndex}-${sequence}`, env.PUBLIC_DEFAULT_AGE_CLASS_ID),
            club.Token,
          );
          if (answer.status === 200) {
            acknowledged.push(answer.body.data.__id);
            if (killed) afterKill += 1;
          } else failed += 1;
        }
      };
      await Promise.all(Array.from({ length: 8 }, (_, index) => worker(index)));
      clearTimeout(killTimer);
      await stopChild(victim.child);
      const missing = [];
      for (const id of acknowledged) {
        const stored = await fetch(`${twin.platformUrl}/pub/v1/app/sport/competitions/${id}/get`, {
          headers: { Authorization: `Bearer ${twin.token}` },
        });
        if (!stored.ok) missing.push(id);
      }
      // The instance comes back on its port, as a supervisor would restart it; nginx takes it in again.
      instances[instances.indexOf(victim)] = await startApiProcess(victim.name, env, victim.port);
      expect(afterKill > 0, `no write was acknowledged after the kill (${failed} failed)`);
      expect(
        missing.length === 0,
        `${missing.length} of ${acknowledged.length} acknowledged writes are not on the platform`,
      );
      return `${acknowledged.length} writes acknowledged (${afterKill} after the kill), all ${acknowledged.length} on the platform; ${failed} answered an error (in flight at the kill)`;
    },
  );

  // Notices: the club returns the athlete's application (a notice, written with the move it reports), and the
  // letter goes out through the stand's mail server; each letter's Message-ID is its notice's id.
  const inbox = 'scale.athlete@example.ru';
  const returnApplication = async (via, reason) => {
    const move = (state, extra = {}) =>
      via.post(
        proxyPath(modules.requests, 'changeCompetitionRequestState'),
        { requestId, requestState: state, ...extra },
        club.Token,
      );
    const review = await move('under_review');
    expect(review.status === 200, `under_review answers ${review.status}: ${review.text.slice(0, 200)}`);
    const returned = await move('returned', { reason });
    expect(returned.status === 200, `returned answers ${returned.status}: ${returned.text.slice(0, 200)}`);
  };
  const returnNotices = async () => {
    const list = await viaA.get('/api/notices?limit=100', athleteSession.Token);
    expect(list.status === 200, `the athlete's notices answer ${list.status}`);
    return list.body.result.filter((notice) => notice.kind === 'application_returned');
  };
  const lettersOf = (notice) =>
    smtp.lettersTo(inbox).filter((letter) => letter.messageId?.startsWith(`<${notice.id}@`));
  const waitForLetters = async (notices, ms) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && notices.some((notice) => lettersOf(notice).length === 0)) {
      await new Promise((done) => setTimeout(done, 100));
    }
  };

  await check(
    'notices written through both instances are mailed once each, the two workers racing for them',
    async () => {
      expect(requestId !== null, 'no application (an earlier check failed)');
      const settings = await viaA.get('/api/notices/settings', athleteSession.Token);
      expect(settings.status === 200, `the notice settings answer ${settings.status}`);
      const kinds = settings.body.kinds;
      kinds.application_returned = { ...kinds.application_returned, email: true };
      const put = await fetch(`${a.base}/api/notices/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${athleteSession.Token}` },
        body: JSON.stringify({ email: inbox, kinds }),
      });
      expect(put.ok, `saving the notice settings answers ${put.status}`);
      const rounds = 5;
      for (let round = 0; round < rounds; round += 1) {
        await returnApplication(round % 2 === 0 ? viaA : viaB, `Исправьте заявку, круг ${round + 1}`);
      }
      const notices = await returnNotices();
      expect(notices.length === rounds, `${notices.length} notices of a return, not ${rounds}`);
      await waitForLetters(notices, 15_000);
      // A few more runs of both workers: nothing is sent again.
      await new Promise((done) => setTimeout(done, 2_000));
      const counts = notices.map((notice) => lettersOf(notice).length);
      expect(
        counts.every((count) => count === 1),
        `letters per notice: ${counts.join(', ')} (each should be 1)`,
      );
      return `${rounds} returns through both instances: ${rounds} notices, ${counts.reduce((x, y) => x + y, 0)} letters, one each`;
    },
  );

  await check(
    'an api killed between writing a notice and sending it mails it once after its restart',
    async () => {
      expect(requestId !== null, 'no application (an earlier check failed)');
      const before = new Set((await returnNotices()).map((notice) => notice.id));
      // Every instance restarted with its worker asleep for an hour: a notice written now waits in the outbox.
      const restart = async (extra) => {
        for (const [index, instance] of instances.entries()) {
          await stopChild(instance.child, 'SIGKILL');
          instances[index] = await startApiProcess(instance.name, { ...env, ...extra }, instance.port);
        }
      };
      await restart({ NOTICES_INTERVAL_MS: String(3_600_000) });
      await returnApplication(viaA, 'Исправьте заявку перед перезапуском');
      const written = (await returnNotices()).filter((notice) => !before.has(notice.id));
      expect(written.length === 1, `${written.length} new notices of the return, not 1`);
      await new Promise((done) => setTimeout(done, 1_000));
      expect(lettersOf(written[0]).length === 0, 'the letter went out before the kill');
      // Killed (no shutdown of any kind), then back with their workers awake, as a supervisor restarts them.
      await restart({});
      await waitForLetters(written, 15_000);
      await new Promise((done) => setTimeout(done, 2_000));
      const count = lettersOf(written[0]).length;
      expect(count === 1, `${count} letters of the notice after the restart, not 1`);
      return 'written, every instance SIGKILLed before its worker ran, restarted: 1 letter';
    },
  );

  await check(
    'the auth store backed up, wiped and restored; then a sign-in started on instance 2 confirms on instance 1, and the session from before the backup refreshes',
    async () => {
      expect(athleteSession !== null, 'no athlete (the first check failed)');
      // One code a minute to a phone (docs/auth.md): the sign-in waits out the registration's.
      const wait = registeredAt + 61_000 - Date.now();
      if (wait > 0) {
        console.log(`      (waiting ${Math.ceil(wait / 1000)} s: one code a minute to the phone)`);
        await new Promise((done) => setTimeout(done, wait));
      }
      const database = new URL(pg.url).pathname.slice(1);
      const connection = ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'postgres'];
      const dump = `${pg.dir}/auth-store.dump`;
      pgTool(pg, 'pg_dump', [...connection, '-Fc', '-f', dump, database]);
      pgTool(pg, 'psql', [
        ...connection,
        '-v',
        'ON_ERROR_STOP=1',
        '-q',
        '-c',
        'DROP SCHEMA public CASCADE; CREATE SCHEMA public;',
        database,
      ]);
      const wiped = await viaA.post('/api/auth/LoginUser', { phone: athleteSession.phone });
      expect(wiped.status >= 400, `with the store wiped LoginUser answers ${wiped.status}`);
      pgTool(pg, 'pg_restore', [...connection, '--exit-on-error', '-d', database, dump]);
      const signInFrom = client(b.base, newAddress());
      const login = await signInFrom.post('/api/auth/LoginUser', { phone: athleteSession.phone });
      expect(
        login.status === 200,
        `after the restore LoginUser on instance 2 answers ${login.status}: ${login.text.slice(0, 200)}`,
      );
      const confirmed = await viaA.post('/api/auth/LoginUserConfirm', {
        phone: athleteSession.phone,
        code: sms.codeFor(athleteSession.phone),
      });
      expect(
        confirmed.status === 200,
        `after the restore LoginUserConfirm on instance 1 answers ${confirmed.status}`,
      );
      loadToken = confirmed.body.data.Token;
      const refreshed = await viaA.post('/api/auth/Refresh', { RefreshToken: athleteSession.RefreshToken });
      expect(refreshed.status === 200, `the session from before the backup refreshes: ${refreshed.status}`);
      return `pg_dump -Fc, DROP SCHEMA public, pg_restore (wiped: LoginUser ${wiped.status}); sign-in 2 → 1 and the old refresh token: 200`;
    },
  );

  const passed = results.filter((result) => result.pass).length;
  console.log(`\nCheck: ${passed} passed, ${results.length - passed} failed`);

  if (!checkOnly && athleteSession !== null) {
    await load({ instances, nginx, twin, pg, redis, modules });
  }
  return passed === results.length;
}

function competitionInput(organizerId, name, ageClassId) {
  return {
    organizerId,
    name,
    description: 'Проверка масштабирования',
    dateStart: isoDay(60),
    dateEnd: isoDay(61),
    registrationDeadline: isoDay(50),
    city: 'Казань',
    address: 'ул. Спортивная, 1',
    level: 'city',
    placesLimit: 0,
    programs: [{ discipline: 'kata', programType: 'individual', gender: null, ageClassId, feeRub: 0 }],
  };
}

/**
 * Throughput and latency of two signed-in reads through nginx, with one instance behind it and with all: the
 * events list (the platform twin works for each) and the age classes (tiny: the api's own work dominates);
 * the CPU each process spent, in cores.
 */
async function load({ instances, nginx, twin, pg, redis, modules }) {
  const { availableParallelism } = await import('node:os');
  console.log(`\nLoad: signed-in reads through nginx, ${connections} connections, ${duration} s per run`);
  const processes = [
    ...instances.map((instance) => ({ name: instance.name, pid: instance.pid })),
    { name: 'twin', pid: twin.pid },
    { name: 'nginx', pid: nginx.pid },
    { name: 'postgres', pid: postgresPid(pg) },
    { name: 'redis', pid: redis.pid },
  ];
  const reads = [
    ['events', proxyPath(modules.functions, 'getEvents', { when: 'upcoming', size: 20 })],
    ['age classes', proxyPath(modules.functions, 'getAgeClasses', {})],
  ];
  const rows = [];
  for (const [read, path] of reads) {
    const pair = [];
    for (const [label, base] of [
      ['1 instance', nginx.urls.one],
      [`${instances.length} instances`, nginx.urls.all],
    ]) {
      const before = processes.map((entry) => cpuMsOfTree(entry.pid));
      const ownBefore = process.cpuUsage();
      const result = await drive(`${base}${path}`, loadToken);
      const own = process.cpuUsage(ownBefore);
      const cpu = processes.map((entry, index) => ({
        name: entry.name,
        share: (cpuMsOfTree(entry.pid) - before[index]) / (duration * 1000),
      }));
      cpu.push({ name: 'load generator', share: (own.user + own.system) / 1000 / (duration * 1000) });
      pair.push({ label, result, cpu });
    }
    rows.push({ read, pair });
  }
  console.log(
    `\n${'read'.padEnd(12)} ${'behind nginx'.padEnd(13)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'errors'.padStart(7)}   CPU in cores (busy total)`,
  );
  for (const { read, pair } of rows) {
    for (const { label, result, cpu } of pair) {
      const busy = cpu.reduce((sum, entry) => sum + entry.share, 0);
      console.log(
        `${read.padEnd(12)} ${label.padEnd(13)} ${result.rps.toFixed(0).padStart(7)} ${String(result.p50).padStart(7)} ${String(result.p95).padStart(7)} ${String(result.bad).padStart(7)}   ${cpu
          .filter((entry) => entry.share >= 0.01)
          .map((entry) => `${entry.name} ${entry.share.toFixed(2)}`)
          .join(', ')} (${busy.toFixed(2)})`,
      );
    }
    // CPU per answered request does not depend on what else the machine runs: it gives the ceiling these
    // processes would reach with every core to themselves.
    const { result, cpu } = pair[1];
    const perRequest = cpu.map((entry) => ({
      name: entry.name,
      ms: (entry.share * duration * 1000) / Math.max(1, result.answered),
    }));
    const total = perRequest.reduce((sum, entry) => sum + entry.ms, 0);
    const twinMs = perRequest.find((entry) => entry.name === 'twin')?.ms ?? 0;
    console.log(
      `${''.padEnd(12)} gain ${(pair[1].result.rps / pair[0].result.rps).toFixed(2)}×; CPU ms per request: ${perRequest
        // PostgreSQL and Redis always: what the session check and the shared limits cost per request.
        .filter((entry) => entry.ms >= 0.01 || entry.name === 'postgres' || entry.name === 'redis')
        .map((entry) => `${entry.name} ${entry.ms.toFixed(entry.ms < 0.01 ? 3 : 2)}`)
        .join(
          ', ',
        )}; all ${total.toFixed(2)} → at most ${Math.round((availableParallelism() * 1000) / total)} req/s on ${availableParallelism()} cores, the one twin process at most ${Math.round(1000 / twinMs)} req/s`,
    );
  }
}

/** The newest access token of the check's athlete: what the load run reads with. */
let loadToken = null;

/** autocannon with latencies kept per request, for a true p95. */
function drive(url, token) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      { url, connections, duration, headers: { Authorization: `Bearer ${token}` } },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((x, y) => x - y);
        resolve({
          rps: result.requests.average,
          answered: result['2xx'] ?? 0,
          p50: Math.round(percentile(latencies, 50) ?? 0),
          p95: Math.round(percentile(latencies, 95) ?? 0),
          bad: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    process.once('SIGINT', () => instance.stop());
  });
}

main()
  .then(async (ok) => {
    await stopAll();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (error) => {
    if (interrupted() !== null) return;
    console.error(`\nThe scale run stopped: ${error instanceof Error ? error.message : String(error)}`);
    for (const name of ['api-1', 'api-2', 'twin', 'nginx'])
      console.error(`--- ${name} log ---\n${logTail(name, 10)}`);
    await stopAll();
    process.exit(1);
  });
