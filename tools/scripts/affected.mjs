// `npm run affected [-- <base>]`: runs lint, typecheck, test, build and e2e only for the projects a change
// touches, and their dependents. Base: the argument, else $NX_BASE, else the previous commit.
import { banner, run } from './run.mjs';

const base = process.argv[2] ?? process.env.NX_BASE ?? 'HEAD~1';
const head = process.env.NX_HEAD ?? 'HEAD';
banner(`Affected projects between ${base} and ${head} (and uncommitted changes)`);
await run('npx', ['nx', 'show', 'projects', '--affected', `--base=${base}`, `--head=${head}`]);
const code = await run('npx', [
  'nx',
  'affected',
  '-t',
  'lint',
  'typecheck',
  'test',
  'build',
  'e2e',
  `--base=${base}`,
  `--head=${head}`,
  '--output-style=static',
]);
process.exit(code);
