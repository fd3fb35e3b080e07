#!/usr/bin/env node
/**
 * Lighthouse on a phone: the built api with fresh sandbox data, Lighthouse 12 (the npm package; 13 needs Node 22)
 * driving Debian's Chromium with its default mobile emulation and simulated throttling, three runs per page:
 * `/`, `/competitions`, `/competitions/{id}` (a demo event) and `/login`. Prints the median of each figure
 * (performance, LCP, CLS, TBT; the runs' range beside) against the targets, then what the median run of each
 * page says costs most: the LCP element and its phases, layout shifts, the opportunities with their savings,
 * main-thread work. Every report is kept as JSON in a temporary directory for a closer look.
 *
 *   node tools/bench/lighthouse/bench.mjs [--runs 3] [--page /login] [--skip-build] [--before DIST] [--build DIST]
 *   (npm run bench:lighthouse)
 *
 * CHROME_PATH picks the browser (default /usr/bin/chromium). Loopback only; the api and the browser are stopped
 * at the end, and a time limit ends the run whatever hangs.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoEventId, median, numberOption, option, runNx, startApi, timeLimit } from '../shared.mjs';

const TARGETS = { performance: 95, lcpMs: 1800, cls: 0.02, tbtMs: 100 };
const runs = numberOption('runs', 3, { min: 1, max: 9 });
const onlyPage = option('page', null);
const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
/**
 * `--before DIR`: another build measured first in the same run (DIR holds `apps/api/main.cjs` and
 * `apps/portal/`, a copy of an earlier `dist/`), so that before and after meet the same machine load. DIR must lie
 * inside the workspace (e.g. `dist/.bench-before`): the api build finds its packages in `node_modules` above it.
 */
const beforeDir = option('before', null);
/** `--build DIR`: the build to measure as this one, a copy of `dist/` kept apart from rebuilds meanwhile. */
const thisBuild = option('build', null);
const builds = [
  ...(beforeDir
    ? [
        {
          label: `before (${beforeDir})`,
          entry: join(beforeDir, 'apps/api/main.cjs'),
          portalDir: join(beforeDir, 'apps/portal'),
        },
      ]
    : []),
  thisBuild === null
    ? { label: 'this build', entry: undefined, portalDir: undefined }
    : {
        label: `this build (${thisBuild})`,
        entry: join(thisBuild, 'apps/api/main.cjs'),
        portalDir: join(thisBuild, 'apps/portal'),
      },
];

/** What one report says: the four figures and the findings of the page. */
function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id];
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    fcpMs: audit('first-contentful-paint').numericValue,
    siMs: audit('speed-index').numericValue,
    lhr,
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
/** A node's label or snippet on one line. */
const oneLine = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/** The findings of a report that say what costs most, as short lines. */
function findings(lhr) {
  const lines = [];
  const audit = (id) => lhr.audits[id];
  const lcp = audit('largest-contentful-paint-element');
  const items = lcp?.details?.items ?? [];
  const element = items[0]?.items?.[0]?.node;
  if (element)
    lines.push(`LCP element: ${oneLine(element.nodeLabel)} — ${oneLine(element.snippet)}`.slice(0, 220));
  const phases = items[1]?.items;
  if (Array.isArray(phases)) {
    lines.push(
      `LCP phases: ${phases.map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', ')}`,
    );
  }
  const shifts = audit('layout-shifts')?.details?.items ?? [];
  for (const shift of shifts.slice(0, 3)) {
    lines.push(
      `layout shift ${shift.score?.toFixed(3)}: ${shift.node?.nodeLabel ?? ''} ${shift.node?.snippet ?? ''}`.slice(
        0,
        220,
      ),
    );
  }
  const opportunities = Object.values(lhr.audits)
    .filter((item) => (item.metricSavings?.LCP ?? 0) + (item.metricSavings?.FCP ?? 0) > 0 && item.score !== 1)
    .sort(
      (a, b) =>
        (b.metricSavings?.LCP ?? 0) +
        (b.metricSavings?.FCP ?? 0) -
        (a.metricSavings?.LCP ?? 0) -
        (a.metricSavings?.FCP ?? 0),
    )
    .slice(0, 6);
  for (const item of opportunities) {
    lines.push(
      `${item.id}: ${item.displayValue ?? ''} (LCP −${Math.round(item.metricSavings?.LCP ?? 0)} ms, FCP −${Math.round(item.metricSavings?.FCP ?? 0)} ms)`,
    );
  }
  const unused = audit('unused-javascript')?.details?.items ?? [];
  for (const script of unused.slice(0, 4)) {
    lines.push(
      `unused JavaScript: ${new URL(script.url).pathname} ${Math.round(script.wastedBytes / 1024)} of ${Math.round(script.totalBytes / 1024)} kB`,
    );
  }
  const bootup = audit('bootup-time');
  if (bootup?.displayValue) lines.push(`JavaScript execution: ${bootup.displayValue}`);
  const mainThread = audit('mainthread-work-breakdown');
  if (mainThread?.details?.items) {
    lines.push(
      `main thread: ${mainThread.details.items
        .slice(0, 4)
        .map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`)
        .join(', ')}`,
    );
  }
  const requests = audit('network-requests')?.details?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  // Requests are timed from navigation start, as the observed load event is.
  const load = audit('metrics')?.details?.items?.[0]?.observedLoad ?? Infinity;
  const early = scripts.filter((request) => (request.networkRequestTime ?? 0) <= load);
  const kb = (list) => Math.round(list.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024);
  lines.push(
    `scripts before load: ${early.length} requests, ${kb(early)} kB over the wire; ` +
      `after load (idle preloads of other pages): ${scripts.length - early.length}, ${kb(scripts) - kb(early)} kB`,
  );
  const weight = audit('total-byte-weight');
  if (weight?.displayValue) lines.push(`page weight: ${weight.displayValue}`);
  const compression = audit('uses-text-compression');
  if (compression && compression.score !== 1)
    lines.push(`uses-text-compression: ${compression.displayValue ?? 'failing'}`);
  return lines;
}

async function main() {
  if (!process.argv.includes('--skip-build')) {
    if (!runNx(['run-many', '-t', 'build', '-p', 'portal', 'api', '--output-style=static']))
      throw new Error('the build failed');
  }
  for (const build of builds) await measure(build);
}

/** Every page of one build, in its own api on fresh sandbox data; prints its table and findings. */
async function measure({ label, entry, portalDir }) {
  const reports = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const api = await startApi({
    entry,
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'error',
      ...(portalDir ? { PORTAL_DIST_DIR: portalDir } : {}),
    },
  });
  let chrome = null;
  const limit = timeLimit((4 * runs * 90 + 120) * 1000, () => {
    chrome?.kill();
    return api.stop();
  });
  try {
    const eventId = await demoEventId(api.base);
    const pages = ['/', '/competitions', `/competitions/${eventId}`, '/login'].filter(
      (page) => onlyPage === null || page === onlyPage,
    );
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    const results = [];
    for (const page of pages) {
      const figures = [];
      for (let run = 0; run < runs; run += 1) {
        let result = null;
        // A run Lighthouse could not trace (NO_NAVSTART and the like, under load) is run again, twice at most.
        for (let attempt = 0; attempt < 3; attempt += 1) {
          result = await lighthouse(`${api.base}${page}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
          });
          if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
          if (!result.lhr.runtimeError) break;
          process.stderr.write(`\n${page}: ${result.lhr.runtimeError.code}, running again\n`);
        }
        if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.message}`);
        const file = join(reports, `${page.replace(/\W+/g, '_') || 'home'}-${run + 1}.json`);
        writeFileSync(file, JSON.stringify(result.lhr));
        figures.push(figuresOf(result.lhr));
        process.stderr.write('.');
      }
      results.push({ page, figures });
    }
    process.stderr.write('\n');

    const range = (values, format) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `${format(median(values))} (${format(sorted[0])}–${format(sorted[sorted.length - 1])})`;
    };
    console.log(
      `\n${label}: Lighthouse ${lighthouse.version ?? '12'} mobile (default emulation and throttling), ${runs} runs a page, ` +
        `median (range); Chromium at ${chromePath}\n`,
    );
    const header = [
      'page'.padEnd(52),
      'performance'.padEnd(16),
      'LCP'.padEnd(24),
      'CLS'.padEnd(20),
      'TBT'.padEnd(20),
    ];
    console.log(header.join(' '));
    console.log(
      [
        'target'.padEnd(52),
        `≥ ${TARGETS.performance}`.padEnd(16),
        `≤ ${seconds(TARGETS.lcpMs)}`.padEnd(24),
        `≤ ${TARGETS.cls}`.padEnd(20),
        `≤ ${TARGETS.tbtMs} ms`.padEnd(20),
      ].join(' '),
    );
    for (const { page, figures } of results) {
      console.log(
        [
          page.padEnd(52),
          range(
            figures.map((f) => f.performance),
            String,
          ).padEnd(16),
          range(
            figures.map((f) => f.lcpMs),
            seconds,
          ).padEnd(24),
          range(
            figures.map((f) => f.cls),
            (v) => v.toFixed(3),
          ).padEnd(20),
          range(
            figures.map((f) => f.tbtMs),
            (v) => `${Math.round(v)} ms`,
          ).padEnd(20),
        ].join(' '),
      );
    }
    for (const { page, figures } of results) {
      const middle = [...figures].sort((a, b) => a.performance - b.performance)[
        Math.floor(figures.length / 2)
      ];
      console.log(
        `\n${page} — the median run (performance ${middle.performance}, FCP ${seconds(middle.fcpMs)}, ` +
          `Speed Index ${seconds(middle.siMs)}):`,
      );
      for (const line of findings(middle.lhr)) console.log(`  ${line}`);
    }
    console.log(`\nReports (JSON): ${reports}`);
  } finally {
    clearTimeout(limit);
    chrome?.kill();
    await api.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
