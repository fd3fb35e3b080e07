// Bundle size of the portal: builds it, serves it with the api, loads `/` in Chromium and prints the gzip
// size of the JavaScript the browser fetched before `load`, then the gzip size of every lazy route chunk.
//
//   node tools/bench/bundle-size/bundle-size.mjs          (or: npm run bench:bundle-size)
//
// Figures, not a gate: CI does not fail on them.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run, toolEnv } from '../../scripts/run.mjs';

const root = resolve(import.meta.dirname, '../../..');
const dist = join(root, 'dist/apps/portal');
const port = Number(process.env.BENCH_PORT ?? 4390);

const code = await run(
  'npx',
  ['nx', 'run-many', '-t', 'build', '-p', 'portal', 'api', '--output-style=static'],
  {
    cwd: root,
  },
);
if (code !== 0) process.exit(code);

const gzipKb = (bytes) => (gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1);
const kb = (bytes) => (bytes.length / 1024).toFixed(1);

const server = spawn('node', ['dist/apps/api/main.cjs'], {
  cwd: root,
  env: {
    ...toolEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    SANDBOX_DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')),
  },
  stdio: 'ignore',
});
try {
  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  const executablePath = ['/usr/bin/chromium', process.env.CHROMIUM_PATH].find((p) => p && existsSync(p));
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  // Counted up to the load event: the portal preloads other pages' chunks only after it, when idle.
  const scripts = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!loaded && url.pathname.endsWith('.js')) scripts.push(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const preloadedLater = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js')).length,
  );
  await browser.close();

  console.log('\nJavaScript loaded for / before the load event (gzip, level 9):');
  let total = 0;
  for (const path of scripts) {
    const bytes = readFileSync(join(dist, path));
    total += gzipSync(bytes, { level: 9 }).length;
    console.log(`  ${path.padEnd(48)} ${kb(bytes).padStart(8)} kB raw  ${gzipKb(bytes).padStart(7)} kB gzip`);
  }
  console.log(`  ${'total'.padEnd(48)} ${''.padStart(15)}  ${(total / 1024).toFixed(1).padStart(7)} kB gzip`);
  console.log(`  (${preloadedLater - scripts.length} more route chunks preloaded after load, when idle)`);

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
  server.kill('SIGTERM');
}

async function waitForHealth(url) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The api did not answer ${url} within 30 s`);
}
