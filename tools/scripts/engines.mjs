// The core journeys in WebKit and Firefox (apps/portal-e2e/src/engines), the engines side by side, each with an
// api of its own; then one table: journey × engine × width. Fails when a journey fails or an engine is missing.
//
//   node tools/scripts/engines.mjs                      every engine, every journey
//   node tools/scripts/engines.mjs --engine webkit      one engine
//   node tools/scripts/engines.mjs --width desktop      one width in each: phone or desktop
//   node tools/scripts/engines.mjs -- -g "404"          Playwright's own arguments after `--` (a journey, a file)
//
// The portal and the api must be built (`npx nx run-many -t build -p portal api`; the Nx target does it).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENGINES, ENGINE_NAMES, missingParts } from '../playwright/engines.mjs';
import { toolEnv } from './run.mjs';

const workspaceRoot = resolve(import.meta.dirname, '../..');
const outputRoot = join(workspaceRoot, 'dist/.playwright/apps/portal-e2e-engines');

const argv = process.argv.slice(2);
const passThrough = argv.includes('--') ? argv.slice(argv.indexOf('--') + 1) : [];
const own = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
const chosen = own.flatMap((arg, index) => (arg === '--engine' ? [own[index + 1]] : []));
const width = own.flatMap((arg, index) => (arg === '--width' ? [own[index + 1]] : []))[0];
if (width && !['phone', 'desktop'].includes(width)) {
  console.error(`--width is phone or desktop, not ${width}.`);
  process.exit(2);
}
const engines = chosen.length > 0 ? chosen : (process.env['E2E_ENGINES']?.split(',') ?? ENGINE_NAMES);
for (const engine of engines) {
  if (!ENGINES[engine]) {
    console.error(`No engine called ${engine}: one of ${ENGINE_NAMES.join(', ')}.`);
    process.exit(2);
  }
}

// A missing engine is a failure named as such, never a silent skip: CI installs them (.ci/run).
const missing = engines.flatMap((engine) => {
  const parts = missingParts(engine);
  return parts.length > 0 ? [`${ENGINES[engine].title}: missing ${parts.join(', ')}`] : [];
});
if (missing.length > 0) {
  console.error(`Cannot run the journeys in every engine asked for:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}

const basePort = Number(process.env['E2E_PORT'] ?? 4910);
const started = Date.now();

/** One engine's run: Playwright Test on the engines' config, its output prefixed with the engine's name. */
function runEngine(engine, index) {
  const dir = join(outputRoot, engine);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const env = {
    ...toolEnv,
    E2E_ENGINE: engine,
    E2E_PORT: String(basePort + index),
    E2E_API_LOG: join(dir, 'api.log'),
  };
  const child = spawn(
    'npx',
    [
      'playwright',
      'test',
      '--config',
      'apps/portal-e2e/engines.config.ts',
      ...(width ? [`--project=${engine}-${ENGINES[engine].widths[width === 'phone' ? 0 : 1]}`] : []),
      ...passThrough,
    ],
    { cwd: workspaceRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const prefix = `[${ENGINES[engine].title}] `.padEnd(10);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
  }
  return new Promise((done) => child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0))));
}

/** The rows of one engine's results (Playwright's JSON report): journey, project (engine-width), outcome. */
function rowsOf(engine) {
  const file = join(outputRoot, engine, 'results.json');
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const rows = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        rows.push({
          journey: `${(file ?? suite.file ?? '').replace(/^.*journeys\//, '').replace(/\.engine\.ts$/, '')}: ${spec.title}`,
          project: test.projectName,
          status:
            last?.status === 'passed' && test.results.length > 1 ? 'flaky' : (last?.status ?? 'skipped'),
          ms: last?.duration ?? 0,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return rows;
}

const codes = await Promise.all(engines.map((engine, index) => runEngine(engine, index)));

const rows = engines.flatMap(rowsOf);
const columns = engines.flatMap((engine) => ENGINES[engine].widths.map((width) => `${engine}-${width}`));
const journeys = [...new Set(rows.map((row) => row.journey))];
const mark = {
  passed: 'ok',
  flaky: 'ok on retry',
  failed: 'FAIL',
  timedOut: 'TIMEOUT',
  interrupted: 'STOPPED',
  skipped: '-',
};
const cell = (journey, column) => {
  const row = rows.find((candidate) => candidate.journey === journey && candidate.project === column);
  return row ? `${mark[row.status] ?? row.status} ${Math.round(row.ms / 1000)}s` : '-';
};
const nameWidth = Math.min(90, Math.max(10, ...journeys.map((journey) => journey.length)));
const columnWidth = Math.max(16, ...columns.map((column) => column.length)) + 2;
const line = (first, cells) =>
  `${first.slice(0, nameWidth).padEnd(nameWidth)}  ${cells.map((text) => text.padEnd(columnWidth)).join('')}`;
console.log('\nThe core journeys in every engine (journey × engine-width; Chromium: the step before):\n');
console.log(line('journey', columns));
for (const journey of journeys)
  console.log(
    line(
      journey,
      columns.map((column) => cell(journey, column)),
    ),
  );
const failed = rows.filter((row) => !['passed', 'flaky', 'skipped'].includes(row.status)).length;
const flaky = rows.filter((row) => row.status === 'flaky').length;
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\n${rows.length} runs, ${failed} failed, ${flaky} passed only on a retry, in ${seconds} s (wall time, ${engines.map((e) => ENGINES[e].title).join(' and ')} side by side).`,
);
engines.forEach((engine, index) => {
  if (codes[index] !== 0 && !rows.some((row) => row.project.startsWith(`${engine}-`))) {
    console.error(`${ENGINES[engine].title}: the run ended (exit ${codes[index]}) before any journey ran.`);
  }
});
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
