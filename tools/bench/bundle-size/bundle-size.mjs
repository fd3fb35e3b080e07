// Bundle size of the portal: builds it, serves it with the api, loads `/` in Chromium and prints the gzip
// size of the JavaScript the browser fetched before `load` and after it, then all the JavaScript of each guest
// page taken over by islands (with its islands), what each island adds and the chunks it is made of, then the
// gzip size of every lazy route chunk.
//
//   node tools/bench/bundle-size/bundle-size.mjs [--skip-build]    (or: npm run bench:bundle-size)
//
// Figures in a real browser. The gate in CI (gate.mjs) computes the same set from the build's manifest
// (sizes.mjs); this script says when the browser loaded anything else, so the two stay comparable.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run } from '../../scripts/run.mjs';
import { chromiumLaunchOptions, root, startApi } from '../shared.mjs';
import { ISLAND_PAGES, measureBuild } from './sizes.mjs';

const dist = join(root, 'dist/apps/portal');

const code = process.argv.includes('--skip-build')
  ? 0
  : await run('npx', ['nx', 'run-many', '-t', 'build', '-p', 'portal', 'api', '--output-style=static'], {
      cwd: root,
    });
if (code !== 0) process.exit(code);

const gzipKb = (bytes) => (gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1);
const kb = (bytes) => (bytes.length / 1024).toFixed(1);

/** The scripts a page fetches until it is taken over (the ready mark) and the network is quiet, prefetches aside. */
async function pageScripts(browser, url) {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('html[data-portal-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const prefetched = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="prefetch"]')].map((link) => new URL(link.href).pathname),
  );
  await page.close();
  return [...scripts].filter((path) => !prefetched.includes(path));
}

const api = await startApi({ env: { LOG_LEVEL: 'error' } });
try {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const page = await browser.newPage();
  // Counted up to the load event: the portal preloads other pages' chunks only after it, when idle.
  const scripts = [];
  const later = [];
  let prefetchedCount = 0;
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) (loaded ? later : scripts).push(url.pathname);
  });
  await page.goto(`${api.base}/`, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The app takes the rendered page over after load (PortalFrame's ready mark).
  await page.locator('html[data-portal-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  // The likely next routes' files are asked for when the browser is idle (up to 1.5 s later without idle callbacks).
  await page.waitForTimeout(2000);
  await page.waitForLoadState('networkidle');
  // The likely next routes' files (<link rel=prefetch>) are downloaded, not run: not part of taking the page over.
  const prefetched = new Set(
    await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="prefetch"]')].map((link) => new URL(link.href).pathname),
    ),
  );
  prefetchedCount = prefetched.size;
  later.splice(0, later.length, ...later.filter((path) => !prefetched.has(path)));

  console.log('\nJavaScript loaded for / before the load event (gzip, level 9):');
  let total = 0;
  for (const path of scripts) {
    const bytes = readFileSync(join(dist, path));
    total += gzipSync(bytes, { level: 9 }).length;
    console.log(`  ${path.padEnd(48)} ${kb(bytes).padStart(8)} kB raw  ${gzipKb(bytes).padStart(7)} kB gzip`);
  }
  console.log(`  ${'total'.padEnd(48)} ${''.padStart(15)}  ${(total / 1024).toFixed(1).padStart(7)} kB gzip`);
  const afterLoad = later.reduce(
    (sum, path) => sum + gzipSync(readFileSync(join(dist, path)), { level: 9 }).length,
    0,
  );
  const figures = measureBuild(dist);
  console.log(
    `  after load, to take the rendered page over: ${later.length} scripts, ${(afterLoad / 1024).toFixed(1)} kB gzip ` +
      `(the gate's model: ${(figures.home.afterLoad / 1024).toFixed(1)} kB); ${prefetchedCount} files of the likely next ` +
      'routes fetched into the cache, not run',
  );
  const modelled = figures.home.paths;
  const onlyBrowser = scripts.filter((path) => !modelled.includes(path));
  const onlyModel = modelled.filter((path) => !scripts.includes(path));
  if (onlyBrowser.length + onlyModel.length === 0) {
    console.log('  the same set as the manifest model of the bundle gate (sizes.mjs)');
  } else {
    console.log(
      `  DIFFERS from the bundle gate's manifest model: browser only ${onlyBrowser.join(', ') || '—'}; ` +
        `model only ${onlyModel.join(', ') || '—'} (update HOME_ENTRIES of sizes.mjs)`,
    );
  }

  // Every guest page taken over by islands, all its JavaScript as Chromium fetched it, beside the gate's model.
  console.log(
    '\nGuest pages taken over by islands, all their JavaScript (gzip), in Chromium and in the model:',
  );
  const pageText = (path) => fetch(`${api.base}${path}`).then((answer) => answer.text());
  // The list itself, not the header (whose «Федерация» is a /profile/{id} too).
  const athletes = await pageText('/sportsmen').then((html) => html.slice(html.indexOf('<main')));
  // A page of each kind, from the lists: an event, an athlete (a card's name) and a club (a card's club).
  const examples = {
    '/competitions/{id}': /href="(\/competitions\/[^"?#]+)"/.exec(await pageText('/competitions'))?.[1],
    '/profile/{athlete}': /href="(\/profile\/[^"?#]+)"/.exec(athletes)?.[1],
    '/profile/{club}': /class="[^"]*inner[^"]*" href="(\/profile\/[^"?#]+)"/.exec(athletes)?.[1],
  };
  for (const [modelled, bytes] of Object.entries(figures.pages)) {
    const path = modelled in examples ? examples[modelled] : modelled;
    if (!path) continue;
    const fetched = await pageScripts(browser, `${api.base}${path}`);
    const total = fetched.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
      0,
    );
    const islands = ISLAND_PAGES[modelled] ?? [];
    console.log(
      `  ${modelled.padEnd(24)} ${(total / 1024).toFixed(1).padStart(7)} kB  (model ${(bytes / 1024).toFixed(1)} kB)` +
        `  ${path === modelled ? '' : `${path}  `}islands: header${islands.map((name) => `, ${name}`).join('')}`,
    );
  }
  console.log('Islands, what each adds to a page that has it (gzip), and the chunks it adds:');
  for (const [name, bytes] of Object.entries(figures.islands)) {
    console.log(`  ${name.padEnd(24)} ${(bytes / 1024).toFixed(1).padStart(7)} kB`);
    const chunks = Object.entries(figures.islandChunks[name] ?? {}).sort(([, a], [, b]) => b - a);
    for (const [chunk, chunkBytes] of chunks)
      console.log(`    ${chunk.padEnd(70)} ${(chunkBytes / 1024).toFixed(2).padStart(6)} kB`);
  }
  await browser.close();

  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  console.log('\nRoute chunks (lazy, gzip):');
  for (const [source, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const bytes = readFileSync(join(dist, chunk.file));
    console.log(
      `  ${source.padEnd(48)} ${kb(bytes).padStart(8)} kB raw  ${gzipKb(bytes).padStart(7)} kB gzip`,
    );
  }
} finally {
  await api.stop();
}
