// The bundle budget as a check: reads the built portal (dist/apps/portal, no browser) and fails when the guest
// home's JavaScript or a route chunk is over the budget committed in budget.json, saying what grew and by how
// much. Run by `npm test` after the builds.
//
//   node tools/bench/bundle-size/gate.mjs [--update]     (or: npm run bench:bundle-gate [-- --update])
//
// `--update` writes today's figures plus the margin into budget.json: for a change that grows the bundle on
// purpose, committed with it so that the review sees the new sizes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetFrom, checkBudget } from './budget.mjs';
import { measureBuild } from './sizes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '../../../dist/apps/portal');
const budgetFile = join(here, 'budget.json');

if (!existsSync(join(dist, '.vite/manifest.json'))) {
  console.error(`bundle gate: ${dist} has no build; run "npx nx run portal:build" first.`);
  process.exit(2);
}
const figures = measureBuild(dist);

if (process.argv.includes('--update')) {
  writeFileSync(budgetFile, `${JSON.stringify(budgetFrom(figures), null, 2)}\n`);
  console.log(
    `bundle gate: budget.json rewritten from this build (guest home ${figures.home.total} B gzip).`,
  );
  process.exit(0);
}

const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
const { failures, lines } = checkBudget(figures, budget);
console.log(lines.join('\n'));
if (failures.length > 0) {
  console.error(`\nbundle gate: ${failures.length} figure(s) over budget:`);
  for (const failure of failures) console.error(`  - ${failure}`);
  console.error(
    'Split off what grew, or if the growth is meant, rewrite the budget with ' +
      '`npm run bench:bundle-gate -- --update` and commit budget.json with the change.',
  );
  process.exit(1);
}
console.log('\nbundle gate: every figure within its budget.');
