// `npm test`: every check CI runs, in order of cost. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { banner, run } from './run.mjs';

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
for (const [title, command, args, skipReason] of steps) {
  banner(title);
  const skipped = skipReason?.();
  if (skipped) {
    console.log(`Skipped: ${skipped}`);
    continue;
  }
  const code = await run(command, args);
  if (code !== 0) {
    console.error(`\nFAILED: ${title} (exit ${code})`);
    process.exit(code);
  }
}
console.log(`\nAll ${steps.length} steps passed in ${Math.round((Date.now() - started) / 1000)} s.`);
