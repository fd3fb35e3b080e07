// The date matrix: the date-sensitive suites (suites.mjs) run with the process clock moved by faketime to each
// instant where the calendar turns, under a UTC and a Moscow server zone. Prints which instants ran and how.
//   node tools/date-matrix/run.mjs                 every instant and zone
//   node tools/date-matrix/run.mjs --only 2026-12-31T21:30:00Z --zone UTC
//   node tools/date-matrix/run.mjs --jobs 1       one run at a time
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DATE_SENSITIVE_SUITES, INSTANTS, ZONES } from './suites.mjs';
import { toolEnv } from '../scripts/run.mjs';

const workspaceRoot = resolve(import.meta.dirname, '../..');
const argument = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const only = argument('only');
const zone = argument('zone');

if (spawnSync('faketime', ['--version'], { stdio: 'ignore', timeout: 5_000 }).error) {
  console.error(
    'faketime is missing: apt-get install faketime (Debian) — the date matrix moves the clock with it',
  );
  process.exit(1);
}

const filters = DATE_SENSITIVE_SUITES.flatMap((suite) =>
  suite.files.map((file) => `${suite.project}/${file}`),
);

/** One run of the suites at an instant in a zone; resolves with its exit code and the last lines it printed. */
function runAt(instant, timeZone) {
  // A relative offset: faketime reads an absolute time in the process's zone, an offset means the same anywhere.
  const offsetSeconds = Math.round((Date.parse(instant) - Date.now()) / 1000);
  const args = [
    '-f',
    `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`,
    'npx',
    'vitest',
    'run',
    '--config',
    'tools/date-matrix/vitest.config.ts',
    '--reporter=dot',
    // One module graph per worker, not per file: the same suites in about half the time.
    '--no-isolate',
    ...filters,
  ];
  return new Promise((resolvePromise) => {
    const child = spawn('faketime', args, {
      cwd: workspaceRoot,
      env: {
        ...toolEnv,
        TZ: timeZone,
        // Timers and timeouts keep the real pace; only the calendar moves.
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => resolvePromise({ code: code ?? (signal ? 1 : 0), output }));
  });
}

// eslint-disable-next-line no-control-regex -- the colour codes of a terminal are what is taken out
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');
const runs = INSTANTS.filter(([instant]) => !only || instant === only).flatMap(([instant, why]) =>
  ZONES.filter((candidate) => !zone || candidate === zone).map((timeZone) => ({ instant, why, timeZone })),
);
// Each run is one process that keeps about one core busy (transforming and importing dominate its time): two at
// once on a two-core machine finish the matrix in half the time, more would only queue.
const concurrency = Math.max(1, Math.min(availableParallelism(), Number(argument('jobs') ?? 2)));
console.log(
  `Date matrix: ${runs.length} runs of ${filters.length} date-sensitive suites, ${concurrency} at a time`,
);
const started = performance.now();
const failed = [];
async function runOne({ instant, why, timeZone }) {
  const runStarted = performance.now();
  const { code, output } = await runAt(instant, timeZone);
  const summary = plain(output)
    .split('\n')
    .filter((line) => /^\s*(Test Files|Tests)\s/.test(line))
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .join('; ');
  const seconds = ((performance.now() - runStarted) / 1000).toFixed(0);
  console.log(
    `${code === 0 ? 'ok  ' : 'FAIL'} ${instant} ${timeZone.padEnd(13)} ${seconds.padStart(3)} s  ${summary}  (${why})`,
  );
  if (code !== 0) {
    failed.push({ instant, timeZone });
    console.log(
      plain(output)
        .split('\n')
        .filter((line) => /FAIL|×|AssertionError|Error:/.test(line))
        .slice(0, 30)
        .join('\n'),
    );
  }
}
const queue = [...runs];
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await runOne(next);
  }),
);
const total = ((performance.now() - started) / 1000).toFixed(0);
if (failed.length > 0) {
  console.error(`\nDate matrix: ${failed.length} of ${runs.length} runs failed in ${total} s`);
  process.exit(1);
}
console.log(`\nDate matrix: all ${runs.length} runs passed in ${total} s`);
