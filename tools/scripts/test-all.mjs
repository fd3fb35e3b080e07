// `npm test`: every check CI runs, in order of cost. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { banner, run } from './run.mjs';

// Where a step's tests write their failed and flaky ones in a few lines (TEST_STEP_SUMMARY, e.g. Playwright's
// tools/playwright/outcome-summary-reporter.mjs): printed last, where a log cut to its tail still shows them.
const summaryDir = resolve(import.meta.dirname, '../../dist/.test-all');

const isRoot = process.getuid?.() === 0;
const commandFound = (command) => spawnSync(command, ['--version']).status === 0;

const steps = [
  ['Formatting (prettier)', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
  [
    'Lint, typecheck, unit tests, builds and Storybook (all projects)',
    'npx',
    [
      'nx',
      'run-many',
      '-t',
      'lint',
      'typecheck',
      'test',
      'build',
      'build-storybook',
      '--output-style=static',
    ],
  ],
  [
    'Date matrix: the date-sensitive suites on nine instants around the year, under TZ=UTC and Europe/Moscow',
    'node',
    ['tools/date-matrix/run.mjs'],
    () => (commandFound('faketime') ? null : 'faketime is missing (apt-get install faketime)'),
  ],
  // Reads the portal the step above built: sizes are deterministic, so growth fails here, not in a browser.
  ['Bundle budget (gzip sizes of the built portal)', 'node', ['tools/bench/bundle-size/gate.mjs']],
  [
    'Workspace tests (module boundaries, tools)',
    'npx',
    ['vitest', 'run', '--config', 'tools/vitest.config.ts'],
  ],
  [
    'Scale-out check: two api instances on PostgreSQL and Redis behind nginx (tools/scale)',
    'node',
    ['tools/scale/run.mjs', '--check-only', '--skip-build'],
    // It installs Redis and nginx with apt-get as root; elsewhere it needs them already there.
    () =>
      isRoot || (commandFound('redis-server') && existsSync('/usr/sbin/nginx'))
        ? null
        : 'redis-server or nginx is missing and apt-get needs root (apt-get install redis-server nginx)',
  ],
  ['End-to-end journeys in Chromium', 'npx', ['nx', 'run-many', '-t', 'e2e', '--output-style=static']],
  [
    'The journeys whose pages turn on the date, once more on 20 December (the reminder period), at 1280 px',
    'npx',
    ['nx', 'run', 'portal-e2e:e2e-reminder-window', '--output-style=static'],
    () => (commandFound('faketime') ? null : 'faketime is missing (apt-get install faketime)'),
  ],
  // WebKit and Firefox side by side, each on an api of its own; a missing engine fails the step by name.
  [
    'The core journeys in WebKit and Firefox (journey × engine × width)',
    'npx',
    ['nx', 'run', 'portal-e2e:e2e-engines', '--output-style=static'],
  ],
];

const started = Date.now();
const timings = [];
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const printTimings = () => {
  console.log('\nTime per step:');
  for (const [title, ms] of timings) console.log(`  ${minutes(ms).padStart(9)}  ${title}`);
};
rmSync(summaryDir, { recursive: true, force: true });
mkdirSync(summaryDir, { recursive: true });
const flaky = [];
for (const [index, [title, command, args, skipReason]] of steps.entries()) {
  banner(title);
  const skipped = skipReason?.();
  if (skipped) {
    console.log(`Skipped: ${skipped}`);
    continue;
  }
  const summaryFile = join(summaryDir, `step-${index + 1}.txt`);
  const stepStarted = Date.now();
  const code = await run(command, args, { env: { TEST_STEP_SUMMARY: summaryFile } });
  timings.push([title, Date.now() - stepStarted]);
  const summary = existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8').trimEnd() : '';
  if (code !== 0) {
    printTimings();
    console.error(`\nFAILED: ${title} (exit ${code})`);
    if (summary) console.error(`What failed (and what passed only on a retry):\n${summary}`);
    process.exit(code);
  }
  if (summary) flaky.push(`${title}:\n${summary}`);
}
printTimings();
if (flaky.length > 0) console.log(`\nPassed, but only on a retry (see to these):\n${flaky.join('\n')}`);
console.log(`\nAll ${steps.length} steps passed in ${minutes(Date.now() - started)}.`);
