// `npm start`: builds the portal and the api (cached when nothing changed) and serves both on one port,
// with the sandbox twins standing in for every outside service that is not configured.
import { spawn } from 'node:child_process';
import { banner, run, toolEnv } from './run.mjs';

banner('Building the portal and the api');
const buildCode = await run('npx', [
  'nx',
  'run-many',
  '-t',
  'build',
  '-p',
  'portal',
  'api',
  '--output-style=static',
]);
if (buildCode !== 0) process.exit(buildCode);

banner('Starting the portal at http://localhost:' + (process.env.PORT ?? '3000'));
const server = spawn('node', ['--enable-source-maps', 'dist/apps/api/main.cjs'], {
  stdio: 'inherit',
  env: toolEnv,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
