import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from '@fed/sandbox-fixtures/free-port';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * Redis keeps its own time: a suite run with the process clock moved (`faketime` preloads itself through the
 * environment) starts it without the preload, which would stall it.
 */
function realClockEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')),
  );
}

/** Whether Debian's `redis-server` is there; a check that does not answer in 5 s counts as no. */
const redisServerFound = (): boolean =>
  spawnSync('redis-server', ['--version'], { timeout: 5_000, env: realClockEnv(), stdio: 'ignore' })
    .status === 0;

/**
 * A Redis for the suites that count across instances: `TEST_REDIS_URL` when set, else a throwaway
 * `redis-server` on loopback (no disk, no config file) when Debian's is installed, else `null` (the suite
 * is skipped; CI installs it).
 */
export async function startTestRedis(): Promise<TestRedis | null> {
  const given = process.env['TEST_REDIS_URL'];
  if (given) return { url: given, stop: () => Promise.resolve() };
  if (!redisServerFound()) return null;
  const port = await freePort();
  const server: ChildProcess = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore', env: realClockEnv() },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await accepts(port)) return { url: `redis://127.0.0.1:${port}`, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error('redis-server did not start within 5 s');
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
