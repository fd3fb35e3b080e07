// `npm run payments:reconcile`: builds the api (cached when nothing changed) and runs one reconciliation with
// the payment provider against the configured store and provider — the same environment `npm start` and a
// deployment read. The build's output goes to stderr, so stdout carries the report alone (JSON):
//
//   npm run -s payments:reconcile > report.json   # exit 0: clean (or another runner was at it), 2: raised, 1: failed
import { spawn } from 'node:child_process';
import { toolEnv } from './run.mjs';

const build = await new Promise((resolve) => {
  const child = spawn('npx', ['nx', 'run', 'api:build', '--output-style=static'], {
    stdio: ['ignore', process.stderr, 'inherit'],
    env: toolEnv,
  });
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
if (build !== 0) process.exit(build);

const run = spawn('node', ['--enable-source-maps', 'dist/apps/api/main.cjs', 'reconcile-payments'], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => run.kill(signal));
run.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
