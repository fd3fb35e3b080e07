#!/usr/bin/env node
/**
 * Lighthouse on a phone, in figures that mean the same on every machine. The built api with fresh sandbox data,
 * Lighthouse 12 (the npm package; 13 needs Node 22) driving Debian's Chromium with its mobile emulation.
 *
 * Every page is measured beside its REFERENCE: the same page's server-rendered HTML with no JavaScript (its
 * stylesheets, fonts and images kept; `front.mjs`), run right after it on the same machine state. The floor a page
 * cannot go below on this machine, so a page's total blocking time and main-thread time are printed as their
 * difference from it as well, and each run prints Lighthouse's `benchmarkIndex` (the machine's speed as Lighthouse
 * measured it in that run) and the load average. A busy machine raises page and reference alike: read the
 * differences, and the index, before the raw figures.
 *
 * Guest pages — `/`, `/competitions`, an event, `/sportsmen`, a demo athlete's public profile and `/login` — in two
 * views: Lighthouse's default simulated throttling (the score's own) and devtools throttling (observed: the CPU
 * really slowed 4×, the network really throttled), `--runs` runs each, page and reference taken in turns. Printed
 * beside the targets (performance ≥ 95, TBT ≤ 150 ms, LCP ≤ 1.8 s, CLS ≤ 0.02), then for each page's median run
 * which scripts fill the main thread and its long tasks, and what was loaded when (the page, the app taking it
 * over after the load event, prefetches of the likely next pages).
 *
 * The signed-in side (`signed-in.mjs`): a Lighthouse user flow as the demo family's parent — the cabinet
 * (`/profile`), opening the account switcher, the apply form (`/apply/{id}`), sending it, the order (`/order/{id}`)
 * — with the CPU 4× slower, against LCP ≤ 2.0 s, TBT ≤ 200 ms and INP ≤ 200 ms, beside a reference page in the
 * same flow.
 *
 *   node tools/bench/lighthouse/bench.mjs [--runs 3] [--page /login] [--view simulate|devtools|both]
 *       [--part guest|signed-in|both] [--skip-build] [--before DIST] [--build DIST]
 *   (npm run bench:lighthouse -- …)
 *
 * `--page` takes a path or a route (`/competitions/:id`, `/profile/:id`, `/profile`, `/apply/:id`, `/order/:id`);
 * a signed-in page runs the whole flow (each step needs the one before) and prints that page's steps. The whole
 * bench takes long (72 Lighthouse runs of guest pages — 3 runs × 6 pages × 2 views × page and reference — and
 * 3 flows a build): `--view`, `--part` and
 * `--page` narrow it. Every report is kept as JSON in a temporary directory for a closer look.
 *
 * `--before DIR` measures another build first in the same run (DIR holds `apps/api/main.cjs` and `apps/portal/`,
 * a copy of an earlier `dist/`), so that before and after meet the same machine; DIR must lie inside the workspace
 * (e.g. `dist/.bench-before`): the api build finds its packages in `node_modules` above it. `--build DIR` measures
 * that copy as this build. CHROME_PATH picks the browser (default /usr/bin/chromium). Loopback only; the api, the
 * front and the browsers are stopped at the end, and a time limit ends the run whatever hangs.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAthleteId, demoEventId, numberOption, option, runNx, startApi, timeLimit } from '../shared.mjs';
import { referencePath, startFront } from './front.mjs';
import {
  GUEST_TARGETS,
  SIGNED_IN_TARGETS,
  differences,
  figuresOf,
  findings,
  index,
  medianRun,
  millis,
  range,
  row,
  score,
  scriptCosts,
  seconds,
  shift,
  signedMillis,
} from './report.mjs';
import { SIGNED_IN_STEPS, signedInRun, withdrawApplications } from './signed-in.mjs';

const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;
const runs = numberOption('runs', 3, { min: 1, max: 9 });
const onlyPage = option('page', null);
const viewOption = option('view', 'both');
const partOption = option('part', 'both');
const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const beforeDir = option('before', null);
const thisBuild = option('build', null);

/** The two views of the guest pages: Lighthouse's simulation (its score's own), and devtools throttling, observed. */
const VIEWS = {
  simulate: {
    label: "simulated throttling (Lighthouse's default: the load modelled on a 4× slower CPU and slow 4G)",
    flags: { throttlingMethod: 'simulate' },
  },
  devtools: {
    label: 'devtools throttling (observed: the CPU really 4× slower, the network really slow 4G)',
    flags: { throttlingMethod: 'devtools' },
  },
};
const views = viewOption === 'both' ? ['simulate', 'devtools'] : [viewOption];
if (!views.every((view) => view in VIEWS))
  throw new Error(`--view ${viewOption}: simulate, devtools or both`);

/** The guest pages by route; the event and the athlete are found in each build's fresh sandbox. */
const guestPages = (eventId, athleteId) => [
  { route: '/', path: '/' },
  { route: '/competitions', path: '/competitions' },
  { route: '/competitions/:id', path: `/competitions/${eventId}` },
  { route: '/sportsmen', path: '/sportsmen' },
  { route: '/profile/:id', path: `/profile/${athleteId}` },
  { route: '/login', path: '/login' },
];
/** The signed-in route a `--page` names (a path or a route), or null: the flow's steps are by these pages. */
function signedInPageOf(page) {
  if (page === '/profile') return '/profile';
  if (page === '/apply/:id' || /^\/apply\/[^/]+$/.test(page)) return '/apply/{id}';
  if (page === '/order/:id' || /^\/order\/[^/]+$/.test(page)) return '/order/{id}';
  return null;
}
const onlySignedIn = onlyPage === null ? null : signedInPageOf(onlyPage);
const chosen = (page) => onlyPage === null || onlyPage === page.route || onlyPage === page.path;
/** Whether a step of the flow is printed: all of them, or `--page`'s and the reference. */
const stepChosen = (step) => onlyPage === null || step.page === 'reference' || step.page === onlySignedIn;
const guestPart = ['both', 'guest'].includes(partOption) && (onlyPage === null || onlySignedIn === null);
const signedInPart =
  ['both', 'signed-in'].includes(partOption) && (onlyPage === null || onlySignedIn !== null);

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

const load = () => loadavg()[0].toFixed(1);
const progress = (text) => process.stderr.write(text);

/**
 * One Lighthouse run of a page; a run it could not trace (NO_NAVSTART and the like, under load) is run again, and
 * after three tries the run is given up (null): one lost run of a long bench is reported, not fatal.
 */
async function runLighthouse(url, port, flags) {
  let problem = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...flags,
    });
    if (result && !result.lhr.runtimeError) return result.lhr;
    problem = result?.lhr.runtimeError?.code ?? 'no result';
    progress(`\n${url}: ${problem}${attempt < 2 ? ', running again' : ', given up'}\n`);
  }
  return { problem };
}

/** A run's figures on one line: the machine's index first, then what the page scored. */
const runLine = (f) =>
  `benchmarkIndex ${index(f.benchmarkIndex)} · performance ${score(f.performance)}, LCP ${seconds(f.lcpMs)}, ` +
  `CLS ${shift(f.cls)}, TBT ${millis(f.tbtMs)}, main thread ${millis(f.mainThreadMs)}`;

/** Each guest page and its reference, `runs` times in turns, in one view; prints each run as it ends. */
async function measureGuestView(view, pages, { front, chrome, reports }) {
  console.log(`\n  ${view}: ${VIEWS[view].label}; load average ${load()} at the start`);
  const results = [];
  for (const page of pages) {
    const figures = [];
    const references = [];
    for (let run = 0; run < runs; run += 1) {
      const lhr = await runLighthouse(`${front.base}${page.path}`, chrome.port, VIEWS[view].flags);
      const referenceLhr = await runLighthouse(
        `${front.base}${referencePath(page.path)}`,
        chrome.port,
        VIEWS[view].flags,
      );
      // A pair counts only whole: a page without its reference (or the other way) says nothing of the floor.
      if (lhr.problem || referenceLhr.problem) {
        console.log(
          `  ${page.route.padEnd(18)} run ${run + 1}: lost (${lhr.problem ?? referenceLhr.problem})`,
        );
        continue;
      }
      const name = `${view}-${page.route.replace(/\W+/g, '_') || 'home'}-${run + 1}`;
      writeFileSync(join(reports, `${name}.json`), JSON.stringify(lhr));
      writeFileSync(join(reports, `${name}-reference.json`), JSON.stringify(referenceLhr));
      figures.push(figuresOf(lhr));
      references.push(figuresOf(referenceLhr));
      console.log(
        `  ${page.route.padEnd(18)} run ${run + 1}: ${runLine(figures.at(-1))}\n` +
          `  ${''.padEnd(18)}  reference: ${runLine(references.at(-1))}; load ${load()}`,
      );
    }
    results.push({ page, figures, references });
  }
  return results;
}

const GUEST_WIDTHS = [20, 14, 22, 16, 22, 24, 24, 24, 16];

/** The guest pages' table of one view: each page's medians (range) with its reference's on the line below. */
function printGuestTable(view, results) {
  const all = results.flatMap((result) => [...result.figures, ...result.references]);
  console.log(
    `\nGuest pages, ${VIEWS[view].label}; ${runs} run(s) a page, median (range); benchmarkIndex of the view ` +
      `${range(
        all.map((f) => f.benchmarkIndex),
        index,
      )}\n`,
  );
  console.log(
    row(
      [
        'page',
        'performance',
        'LCP',
        'CLS',
        'TBT',
        'TBT − reference',
        'main thread',
        'main − reference',
        'benchmarkIndex',
      ],
      GUEST_WIDTHS,
    ),
  );
  console.log(
    row(
      [
        'target',
        `≥ ${GUEST_TARGETS.performance}`,
        `≤ ${seconds(GUEST_TARGETS.lcpMs)}`,
        `≤ ${GUEST_TARGETS.cls}`,
        `≤ ${GUEST_TARGETS.tbtMs} ms`,
      ],
      GUEST_WIDTHS,
    ),
  );
  for (const { page, figures, references } of results) {
    const column = (list, key, format) =>
      range(
        list.map((f) => f[key]),
        format,
      );
    console.log(
      row(
        [
          page.route,
          column(figures, 'performance', score),
          column(figures, 'lcpMs', seconds),
          column(figures, 'cls', shift),
          column(figures, 'tbtMs', millis),
          range(differences(figures, references, 'tbtMs'), signedMillis),
          column(figures, 'mainThreadMs', millis),
          range(differences(figures, references, 'mainThreadMs'), signedMillis),
          column(figures, 'benchmarkIndex', index),
        ],
        GUEST_WIDTHS,
      ),
    );
    console.log(
      row(
        [
          '  reference (no JS)',
          column(references, 'performance', score),
          column(references, 'lcpMs', seconds),
          column(references, 'cls', shift),
          column(references, 'tbtMs', millis),
          '',
          column(references, 'mainThreadMs', millis),
          '',
          column(references, 'benchmarkIndex', index),
        ],
        GUEST_WIDTHS,
      ),
    );
  }
  for (const { page, figures, references } of results.filter((result) => result.figures.length > 0)) {
    const typical = medianRun(figures, 'tbtMs');
    const reference = references[figures.indexOf(typical)];
    console.log(
      `\n${page.route} (${view}) — the run of median TBT (TBT ${millis(typical.tbtMs)}, reference ` +
        `${millis(reference?.tbtMs ?? null)}; benchmarkIndex ${index(typical.benchmarkIndex)}):`,
    );
    for (const line of findings(typical.lhr)) console.log(`  ${line}`);
    if (reference) for (const line of scriptCosts(reference.lhr)) console.log(`  reference: ${line}`);
  }
}

const SIGNED_IN_WIDTHS = [34, 22, 22, 22, 16, 22, 22, 24, 16];

/** The signed-in flow `runs` times; prints each run's steps as it ends, then the table and the costs. */
async function measureSignedIn({ api, front, eventId, reports }) {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const byStep = Object.fromEntries(SIGNED_IN_STEPS.map((step) => [step.name, []]));
  try {
    console.log(
      `\n  signed in: a Lighthouse user flow, devtools throttling (observed), the CPU 4× slower, loopback network; ` +
        `load average ${load()} at the start`,
    );
    for (let run = 0; run < runs; run += 1) {
      let steps = null;
      // A flow that failed on the way (a step Lighthouse could not trace, a page too slow under load) is run
      // again, the application it may have left withdrawn first; after three tries the run is reported lost.
      for (let attempt = 0; attempt < 3 && steps === null; attempt += 1) {
        try {
          const answered = await signedInRun(browser, {
            base: front.base,
            referenceUrl: `${front.base}${referencePath(`/competitions/${eventId}`)}`,
          });
          const failed = Object.entries(answered).find(([, lhr]) => lhr.runtimeError);
          if (failed) throw new Error(`${failed[0]}: ${failed[1].runtimeError.code}`);
          steps = answered;
        } catch (error) {
          progress(`\nsigned-in run ${run + 1}: ${error.message}${attempt < 2 ? ', running again' : ''}\n`);
        } finally {
          await withdrawApplications(api.base, api.dataDir);
        }
      }
      if (steps === null) {
        console.log(`  run ${run + 1}: lost (three tries failed)`);
        continue;
      }
      for (const step of SIGNED_IN_STEPS) {
        const lhr = steps[step.name];
        writeFileSync(
          join(reports, `signed-in-${step.name.replace(/\W+/g, '_')}-${run + 1}.json`),
          JSON.stringify(lhr),
        );
        byStep[step.name].push(figuresOf(lhr));
      }
      for (const step of SIGNED_IN_STEPS.filter(stepChosen)) {
        const f = byStep[step.name].at(-1);
        console.log(
          `  ${step.name.padEnd(18)} run ${run + 1}: benchmarkIndex ${index(f.benchmarkIndex)} · ` +
            (step.kind === 'timespan'
              ? `INP ${millis(f.inpMs)}, TBT ${millis(f.tbtMs)}, CLS ${shift(f.cls)}, main thread ${millis(f.mainThreadMs)}`
              : `LCP ${seconds(f.lcpMs)}, TBT ${millis(f.tbtMs)}, CLS ${shift(f.cls)}, main thread ${millis(f.mainThreadMs)}`),
        );
      }
      console.log(`  load ${load()}`);
    }
  } finally {
    await browser.close();
  }

  const reference = byStep['reference'];
  if (reference.length === 0) {
    console.log('\nSigned in: every run was lost; nothing to print.');
    return;
  }
  console.log(
    `\nSigned in (the demo family's parent), a Lighthouse user flow: devtools throttling, the CPU 4× slower, ` +
      `loopback network, a phone's screen; ${runs} run(s), median (range). The reference is the event page's ` +
      `server HTML with no JavaScript, a step of the same flow; each navigation's differences are from the ` +
      `reference of its own run.\n`,
  );
  console.log(
    row(
      [
        'step',
        'LCP',
        'TBT',
        'INP',
        'CLS',
        'TBT − reference',
        'main thread',
        'main − reference',
        'benchmarkIndex',
      ],
      SIGNED_IN_WIDTHS,
    ),
  );
  console.log(
    row(
      [
        'target',
        `≤ ${seconds(SIGNED_IN_TARGETS.lcpMs)}`,
        `≤ ${SIGNED_IN_TARGETS.tbtMs} ms`,
        `≤ ${SIGNED_IN_TARGETS.inpMs} ms`,
      ],
      SIGNED_IN_WIDTHS,
    ),
  );
  for (const step of SIGNED_IN_STEPS.filter(stepChosen)) {
    const figures = byStep[step.name];
    const column = (key, format) =>
      range(
        figures.map((f) => f[key]),
        format,
      );
    const navigation = step.kind === 'navigation' && step.name !== 'reference';
    console.log(
      row(
        [
          step.name === 'reference'
            ? 'reference (event page, no JS)'
            : step.kind === 'timespan'
              ? `  ${step.label}`
              : `${step.page} (${step.name})`,
          step.kind === 'navigation' ? column('lcpMs', seconds) : '',
          column('tbtMs', millis),
          step.kind === 'timespan' ? column('inpMs', millis) : '',
          column('cls', shift),
          navigation ? range(differences(figures, reference, 'tbtMs'), signedMillis) : '',
          column('mainThreadMs', millis),
          navigation ? range(differences(figures, reference, 'mainThreadMs'), signedMillis) : '',
          column('benchmarkIndex', index),
        ],
        SIGNED_IN_WIDTHS,
      ),
    );
  }
  for (const step of SIGNED_IN_STEPS.filter(stepChosen)) {
    const typical = medianRun(byStep[step.name], step.kind === 'timespan' ? 'inpMs' : 'tbtMs');
    console.log(
      `\n${step.name} — the run of median ${step.kind === 'timespan' ? 'INP' : 'TBT'} ` +
        `(${step.kind === 'timespan' ? `INP ${millis(typical.inpMs)}` : `TBT ${millis(typical.tbtMs)}`}):`,
    );
    for (const line of scriptCosts(typical.lhr)) console.log(`  ${line}`);
  }
}

/** Every chosen page of one build, in its own api on fresh sandbox data; prints its tables and findings. */
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
  const front = await startFront(api.base);
  let chrome = null;
  // Generous: a loaded machine makes a Lighthouse run take a minute.
  const limit = timeLimit((runs * (6 * 2 * views.length * 90 + 600) + 300) * 1000, async () => {
    chrome?.kill();
    await front.stop();
    await api.stop();
  });
  try {
    const eventId = await demoEventId(api.base);
    const pages = guestPages(eventId, await demoAthleteId(api.base)).filter(chosen);
    // The first request of a page renders it and fills the api's page cache: not measured.
    for (const page of pages) await fetch(`${front.base}${page.path}`);
    await fetch(`${front.base}/competitions/${eventId}`);

    console.log(
      `\n${label}: Lighthouse ${lighthouseVersion}, Chromium at ${chromePath}; load average ${load()} ` +
        '(the machine may be shared: read benchmarkIndex and the differences from the reference)',
    );
    const guest = [];
    if (guestPart) {
      if (pages.length === 0) throw new Error(`--page ${onlyPage}: no such page`);
      chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      });
      for (const view of views) {
        guest.push({ view, results: await measureGuestView(view, pages, { front, chrome, reports }) });
      }
      chrome.kill();
      chrome = null;
    }
    for (const { view, results } of guest) printGuestTable(view, results);
    if (signedInPart) await measureSignedIn({ api, front, eventId, reports });
    console.log(`\nReports (JSON): ${reports}`);
  } finally {
    clearTimeout(limit);
    chrome?.kill();
    await front.stop();
    await api.stop();
  }
}

async function main() {
  if (!process.argv.includes('--skip-build')) {
    if (!runNx(['run-many', '-t', 'build', '-p', 'portal', 'api', '--output-style=static']))
      throw new Error('the build failed');
  }
  for (const build of builds) await measure(build);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
