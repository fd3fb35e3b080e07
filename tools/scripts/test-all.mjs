// `npm test`: every check CI runs, in order of cost. Stops at the first failing step.
import { banner, run } from './run.mjs';

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
  // Reads the portal the step above built: sizes are deterministic, so growth fails here, not in a browser.
  ['Bundle budget (gzip sizes of the built portal)', 'node', ['tools/bench/bundle-size/gate.mjs']],
  [
    'Workspace tests (module boundaries, tools)',
    'npx',
    ['vitest', 'run', '--config', 'tools/vitest.config.ts'],
  ],
  ['End-to-end journeys in Chromium', 'npx', ['nx', 'run-many', '-t', 'e2e', '--output-style=static']],
];

const started = Date.now();
for (const [title, command, args] of steps) {
  banner(title);
  const code = await run(command, args);
  if (code !== 0) {
    console.error(`\nFAILED: ${title} (exit ${code})`);
    process.exit(code);
  }
}
console.log(`\nAll ${steps.length} steps passed in ${Math.round((Date.now() - started) / 1000)} s.`);
