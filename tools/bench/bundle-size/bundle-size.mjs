// Bundle size of the portal: builds it, serves it with the api, loads `/` in Chromium and prints the gzip
// size of the JavaScript the browser fetched before `load`, then the gzip size of every lazy route chunk.
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
import { measureBuild } from './sizes.mjs';

const dist = join(root, 'dist/apps/portal');

const code = process.argv.includes('--skip-build')
  ? 0
  : await run('npx', ['nx', 'run-many', '-t', 'build', '-p', 'portal', 'api', '--output-style=static'], {
      cwd: root,
    });
if (code !== 0) process.exit(code);

const gzipKb = (bytes) => (gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1);
const kb = (bytes) => (bytes.length / 1024).toFixed(1);

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
  await browser.close();

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
