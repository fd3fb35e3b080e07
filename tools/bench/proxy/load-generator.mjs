/**
 * The load generator of the proxy benchmark: Debian's wrk when installed (C, two threads: the cheapest per
 * request), else autocannon in a process of its own (autocannon-run.mjs). Either way the generator's own CPU is
 * read from /proc while it runs, so that the report can say whether the generator, rather than the front door
 * it drives, was the limit (near one core per thread it is).
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError, cpuMsOf } from '../shared.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** wrk as `which` finds it, or null. */
function wrkPath() {
  const found = spawnSync('which', ['wrk'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** The generator this machine has: `{ name, threads }` and how to run it. */
export function loadGenerator() {
  const wrk = wrkPath();
  return wrk === null
    ? { name: 'autocannon (wrk is not installed)', threads: 1, command: autocannonCommand }
    : { name: 'wrk', threads: 2, command: wrkCommand(wrk) };
}

const wrkCommand = (binary) => (url, connections, seconds) => ({
  file: binary,
  args: ['-t', '2', '-c', String(connections), '-d', `${seconds}s`, '--latency', '--timeout', '5s', url],
  parse: parseWrk,
});

const autocannonCommand = (url, connections, seconds) => ({
  file: process.execPath,
  args: [join(here, 'autocannon-run.mjs'), url, String(connections), String(seconds)],
  parse: (out) => {
    const result = JSON.parse(out.trim().split('\n').pop() ?? '{}');
    if (typeof result.rps !== 'number') throw new BenchError(`autocannon printed no result: ${out}`);
    return result;
  },
});

function parseLatency(text) {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!match) return NaN;
  const factor = { us: 0.001, ms: 1, s: 1000 }[match[2]];
  return Number(match[1]) * factor;
}

function parseWrk(out) {
  const number = (pattern) => Number(pattern.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const requests = number(/(\d+) requests in/);
  const bad =
    number(/Non-2xx or 3xx responses: (\d+)/) +
    (errors
      ? errors
          .slice(1)
          .map(Number)
          .reduce((a, b) => a + b)
      : 0);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    answered: Math.max(0, requests - bad),
    p50: parseLatency(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    p99: parseLatency(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    bad,
  };
}

/**
 * One run of the generator against `url`: req/s, answered (2xx) count, p50/p99 (ms), non-2xx and socket errors,
 * and the generator's CPU over the run in cores (`generatorCores`). `children` gets the process, so that the
 * bench's clean-up stops it on an abrupt exit.
 */
export function drive(generator, url, { connections, seconds, children }) {
  const { file, args, parse } = generator.command(url, connections, seconds);
  return new Promise((resolveRun, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    // /proc of a process is gone once it exits: its CPU is read while it runs, the last reading kept.
    let cpuMs = 0;
    const poll = setInterval(() => {
      cpuMs = cpuMsOf(child.pid) ?? cpuMs;
    }, 200);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', (error) => {
      clearInterval(poll);
      reject(error);
    });
    child.once('exit', (code) => {
      clearInterval(poll);
      children.splice(children.indexOf(child), 1);
      if (code !== 0) return reject(new BenchError(`${generator.name} exited with ${code}: ${out}`));
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      try {
        resolveRun({ ...parse(out), generatorCores: cpuMs / 1000 / Math.max(wallS, 0.001) });
      } catch (error) {
        reject(error);
      }
    });
  });
}
