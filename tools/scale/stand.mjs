/**
 * The scale-out stand: everything `run.mjs` starts on loopback, and how it is stopped.
 *
 *   PostgreSQL (tools/scripts/test-postgres.sh)  ─┐
 *   Redis (Debian's redis-server)               ─┼─ api instance 1 … N (real deployments, the built api) ◄── nginx
 *   the twin process (the api as a sandbox)      ─┤
 *   the SMS gateway (this harness, SMS.ru wire)  ─┤
 *   the mail server (this harness, SMTP)         ─┘
 *
 * Every process is a child of this one, kept in `children`; `stopAll` ends them (SIGTERM, then SIGKILL after
 * 10 s), stops PostgreSQL and removes every temporary directory. Plain Node, no build step.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxBinary, writeNginxConfig } from '../bench/nginx.mjs';
import { apiEntry, freePort, isRunning, procStat, root, runNx, stopChild } from '../bench/shared.mjs';

export class StandError extends Error {}

const children = [];
const cleanups = [];
export const workDir = mkdtempSync(join(tmpdir(), 'scale-stand-'));
cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));

let stopping = null;
/** Ends everything the stand started, newest first; safe to call twice. */
export function stopAll() {
  stopping ??= (async () => {
    for (const child of [...children].reverse()) await stopChild(child);
    for (const cleanup of [...cleanups].reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return stopping;
}

/** A child whose output goes to `{workDir}/{name}.log` (shown when the run fails). */
function startChild(name, command, args, env = {}) {
  const log = openSync(join(workDir, `${name}.log`), 'a');
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  child.stand = { name };
  children.push(child);
  return child;
}

export function logTail(name, lines = 20) {
  try {
    return readFileSync(join(workDir, `${name}.log`), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitFor(check, child, what, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && !isRunning(child)) {
      throw new StandError(
        `${what} exited (${child.exitCode ?? child.signalCode}):\n${logTail(child.stand.name)}`,
      );
    }
    try {
      if (await check()) return Date.now() - started;
    } catch {
      // not answering yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new StandError(`${what} did not come up within ${timeoutMs / 1000} s`);
}

/** Debian packages the stand needs, installed with apt-get when missing (as root, as CI runs). */
export function ensurePackages() {
  const missing = [];
  if (spawnSync('redis-server', ['--version']).status !== 0) missing.push('redis-server');
  if (!existsSync(nginxBinary)) missing.push('nginx');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new StandError(`missing ${missing.join(', ')}: install with apt-get install ${missing.join(' ')}`);
  }
  console.log(`Installing ${missing.join(', ')} (apt-get)…`);
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit' });
  if (update.status !== 0 || install.status !== 0)
    throw new StandError(`apt-get could not install ${missing.join(', ')}`);
}

/** The built api, or a build of it (`npx nx run api:build`) unless `skipBuild`. */
export function ensureApiBuild(skipBuild) {
  if (!skipBuild) {
    console.log('Building the api (npx nx run api:build)…');
    if (!runNx(['run', 'api:build', '--output-style=static'], ['ignore', 'ignore', 'inherit']))
      throw new StandError('the api build failed');
  }
  if (!existsSync(apiEntry)) throw new StandError(`${apiEntry} is missing: build the api first`);
}

/** A throwaway PostgreSQL cluster (tools/scripts/test-postgres.sh) on a free loopback port. */
export async function startPostgres() {
  const port = await freePort();
  const pgBin = process.env['PG_BIN'] ?? latestPgBin();
  const started = spawnSync('bash', [join(root, 'tools/scripts/test-postgres.sh'), 'start'], {
    env: { ...process.env, PG_PORT: String(port), PG_BIN: pgBin },
    encoding: 'utf8',
  });
  if (started.status !== 0) throw new StandError(`PostgreSQL did not start:\n${started.stderr}`);
  const exported = Object.fromEntries(
    [...started.stdout.matchAll(/^export (\w+)=(.*)$/gm)].map(([, name, value]) => [name, value]),
  );
  const dir = exported['TEST_PG_DIR'];
  cleanups.push(() => {
    spawnSync('bash', [join(root, 'tools/scripts/test-postgres.sh'), 'stop', dir], {
      env: { ...process.env, PG_BIN: pgBin },
      stdio: 'ignore',
    });
  });
  return { url: exported['TEST_DATABASE_URL'], dir, port, pgBin };
}

function latestPgBin() {
  const versions = existsSync('/usr/lib/postgresql')
    ? spawnSync('ls', ['/usr/lib/postgresql'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)
    : [];
  const latest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (latest === undefined) throw new StandError('PostgreSQL is not installed (apt-get install postgresql)');
  return `/usr/lib/postgresql/${latest}/bin`;
}

/** Runs a PostgreSQL client program of the stand's cluster as the `postgres` user. */
export function pgTool(pg, program, args) {
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const [command, ...rest] = [...asPostgres, join(pg.pgBin, program), ...args];
  const result = spawnSync(command, rest, { encoding: 'utf8', cwd: '/' });
  if (result.status !== 0) throw new StandError(`${program} failed: ${result.stderr}`);
  return result.stdout;
}

export async function startRedis() {
  const port = await freePort();
  const child = startChild('redis', 'redis-server', [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
  ]);
  const url = `redis://127.0.0.1:${port}`;
  await waitFor(() => tcpAnswers(port), child, 'redis-server', 10_000);
  return { url, pid: child.pid, child };
}

async function tcpAnswers(port) {
  const { createConnection } = await import('node:net');
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The stand's SMS operator: an SMS.ru-wire gateway (`POST /sms/send`, form `api_id`, `to`, `msg`, `json=1`)
 * that keeps what it was asked to send in this process for the checks to read. The instances are real
 * deployments, which refuse the twin's SMS.ru endpoint by its path (docs/security.md): this gateway is
 * what a real SMS operator is to them, and no one but the harness reads the codes.
 */
export async function startSmsGateway() {
  const apiId = randomBytes(16).toString('hex');
  const messages = [];
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const answer = (body) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/sms/send') {
        response.writeHead(404).end();
      } else if (form.get('api_id') !== apiId) {
        answer({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' });
      } else {
        const to = form.get('to') ?? '';
        const id = `${messages.length + 1}`;
        messages.push({ phone: `+${to}`, text: form.get('msg') ?? '' });
        answer({
          status: 'OK',
          status_code: 100,
          sms: { [to]: { status: 'OK', status_code: 100, sms_id: id } },
        });
      }
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return {
    url: `http://127.0.0.1:${port}`,
    apiId,
    /** The code of the newest message to `phone`. */
    codeFor(phone) {
      const message = [...messages].reverse().find((entry) => entry.phone === phone);
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (code === undefined) throw new StandError(`no code was sent to ${phone.slice(0, 5)}…`);
      return code;
    },
    count: () => messages.length,
  };
}

/**
 * A mail server on loopback for every instance's notices (SMTP, as a real relay): each accepted letter kept with
 * its `Message-ID` (the notice's id) and recipients, so a check can count the letters of one notice.
 */
export async function startSmtpSink() {
  const { SMTPServer } = await import('smtp-server');
  const letters = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const messageId = text.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1] ?? null;
        letters.push({ messageId, to: session.envelope.rcptTo.map((entry) => entry.address) });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The letters accepted so far to `address`. */
    lettersTo: (address) => letters.filter((letter) => letter.to.includes(address)),
  };
}

/**
 * The platform ids the twin seeds (`sandboxPublicConfig` of libs/sandbox-fixtures): a real deployment must
 * be told them, as it is told the real platform's.
 */
export function sandboxPublicIds() {
  const text = readFileSync(join(root, 'libs/sandbox-fixtures/src/lib/sandbox-public-config.ts'), 'utf8');
  const id = (key) => {
    const found = text.match(new RegExp(`\\b${key}: '([0-9a-f-]{36})'`))?.[1];
    if (found === undefined) throw new StandError(`sandboxPublicConfig.${key} not found`);
    return found;
  };
  return {
    PUBLIC_FEDERATION_PROFILE_ID: id('federationProfileId'),
    PUBLIC_EXTENSION_APPLICATION_ID: id('application'),
    PUBLIC_EXTENSION_REQUESTS_ID: id('requests'),
    PUBLIC_EXTENSION_FUNCTIONS_ID: id('functions'),
    PUBLIC_EXTENSION_INSURANCE_ID: id('insurance'),
    PUBLIC_OFFER_SPORTSMAN_ID: id('sportsman'),
    PUBLIC_OFFER_ORGANIZATION_ID: id('organization'),
    PUBLIC_OFFER_USER_ID: id('user'),
    PUBLIC_DEFAULT_AGE_CLASS_ID: id('defaultAgeClassId'),
  };
}

/** Starts the built api with `env`; resolves once `/api/health` answers. */
export async function startApiProcess(name, env, port = null) {
  port ??= await freePort();
  const dataDir = join(workDir, name);
  mkdirSync(dataDir, { recursive: true });
  const child = startChild(name, process.execPath, [apiEntry], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    AUTH_DATA_DIR: join(dataDir, 'auth'),
    PORTAL_DIST_DIR: join(dataDir, 'no-portal'),
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  const startMs = await waitFor(async () => (await fetch(`${base}/api/health`)).ok, child, name, 120_000);
  return { name, base, port, pid: child.pid, child, dataDir, startMs };
}

/**
 * The twin process: the api as a sandbox (demo federation) serving the twins under /sandbox, the one shared
 * platform every instance calls.
 */
export async function startTwin() {
  const token = randomBytes(24).toString('base64url');
  const dataDir = join(workDir, 'twin-sandbox');
  const twin = await startApiProcess('twin', {
    SANDBOX_SEED: 'demo',
    SANDBOX_DATA_DIR: dataDir,
    PLATFORM_TOKEN: token,
  });
  return { ...twin, token, platformUrl: `${twin.base}/sandbox/elma`, sandboxDir: dataDir };
}

/**
 * The env of every api instance: a real deployment (`PLATFORM_URL` at the twin process) on the shared
 * PostgreSQL and Redis, one JWT key, DaData at the twin process (a real deployment may point `DADATA_URL`
 * anywhere), SMS through the stand's gateway, e-mail through its mail server, YooKassa where nothing answers (the stand takes no payments,
 * and a real deployment refuses the YooKassa twin), behind one trusted proxy (nginx).
 */
export function instanceEnv({ pg, redis, twin, sms, smtp }) {
  return {
    PLATFORM_URL: twin.platformUrl,
    PLATFORM_TOKEN: twin.token,
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '1',
    DADATA_URL: `${twin.base}/sandbox/dadata`,
    DADATA_TOKEN: 'sandbox-dadata-api-key',
    SMS_GATEWAY: 'smsru',
    SMS_RU_URL: sms.url,
    SMS_RU_API_ID: sms.apiId,
    YOOKASSA_URL: 'http://127.0.0.1:9',
    SMTP_URL: smtp.url,
    // Letters go out within a second of their notice: the checks wait for them.
    NOTICES_INTERVAL_MS: '500',
    YOOKASSA_SHOP_ID: 'scale-stand',
    YOOKASSA_SECRET_KEY: randomBytes(16).toString('hex'),
    MEMBERSHIP_REMINDER_INTERVAL_MS: String(24 * 3600_000),
    ...sandboxPublicIds(),
  };
}

/**
 * Debian's nginx in the foreground under a temporary prefix, one `server` per upstream set:
 * `{ all: [ports…], one: [port] }` → `{ all: url, one: url }`. It overwrites X-Forwarded-For with the
 * address it saw, as an edge proxy must (the instances trust one proxy: TRUST_PROXY=1).
 */
export async function startNginx(upstreams) {
  const prefix = join(workDir, 'nginx');
  mkdirSync(prefix, { recursive: true });
  // Workers run as nobody when nginx starts as root: they must reach the prefix.
  chmodSync(workDir, 0o755);
  chmodSync(prefix, 0o755);
  const ports = {};
  const servers = [];
  for (const [name, instancePorts] of Object.entries(upstreams)) {
    ports[name] = await freePort();
    servers.push(`  upstream ${name} {
${instancePorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${ports[name]};
    client_max_body_size 25m;
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }`);
  }
  const conf = writeNginxConfig(prefix, { workerConnections: 2048, http: servers.join('\n') });
  const child = startChild('nginx', nginxBinary, ['-p', prefix, '-c', conf]);
  const urls = Object.fromEntries(
    Object.entries(ports).map(([name, port]) => [name, `http://127.0.0.1:${port}`]),
  );
  await waitFor(async () => (await fetch(`${Object.values(urls)[0]}/api/health`)).ok, child, 'nginx', 10_000);
  return { urls, pid: child.pid, child };
}

/** CPU time (user + system, ms) of `pid` and all its descendants, from /proc. */
export function cpuMsOfTree(pid) {
  const stats = new Map();
  for (const entry of spawnSync('ls', ['/proc'], { encoding: 'utf8' }).stdout.split('\n')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat !== null) stats.set(Number(entry), stat); // null: gone meanwhile
  }
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.pop();
    total += stats.get(current)?.cpuMs ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === current) queue.push(child);
  }
  return total;
}

/** The postmaster's pid of the stand's cluster. */
export function postgresPid(pg) {
  return Number(readFileSync(join(pg.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

let interruptedBy = null;
/** The signal that stopped the run, if one did (what failed after it is the stopping itself). */
export const interrupted = () => interruptedBy;

export function onSignals() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      interruptedBy = signal;
      console.error(`\n${signal}: stopping everything the stand started…`);
      stopAll().finally(() => process.exit(130));
    });
  }
}
