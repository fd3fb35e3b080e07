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
 * 3 flows a build; about 45 minutes a build on a loaded two-core machine): `--view`, `--part` and
 * `--page` narrow it. Every report is kept as JSON in a temporary directory for a closer look.
 *
 * `--before DIR` measures another build in the same run (DIR holds `apps/api/main.cjs` and `apps/portal/`, a copy
 * of an earlier `dist/`), each in its own api, the two builds in turns run by run so that before and after meet
 * the same machine, and ends with the two side by side; DIR must lie inside the workspace (e.g.
 * `dist/.bench-before`): the api build finds its packages in `node_modules` above it. `--build DIR` measures
 * that copy as this build. CHROME_PATH picks the browser (default /usr/bin/chromium). Loopback only; the api, the
 * front and the browsers are stopped at the end, and a time limit ends the run whatever hangs.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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
  middle,
  millis,
  range,
  row,
  score,
  scriptCosts,
  seconds,
  shift,
  signedMillis,
} from './report.mjs';
import {
  SIGNED_IN_STEPS,
  chromePath,
  launchSignedInBrowser,
  signedInApiEnv,
  signedInRun,
  withdrawApplications,
} from './signed-in.mjs';

const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;
const runs = numberOption('runs', 3, { min: 1, max: 9 });
const onlyPage = option('page', null);
const viewOption = option('view', 'both');
const partOption = option('part', 'both');
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
          short: 'before',
          entry: join(beforeDir, 'apps/api/main.cjs'),
          portalDir: join(beforeDir, 'apps/portal'),
        },
      ]
    : []),
  thisBuild === null
    ? { label: 'this build', short: 'this', entry: undefined, portalDir: undefined }
    : {
        label: `this build (${thisBuild})`,
        short: 'this',
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

/**
 * Each guest page and its reference, `runs` times, in one view: for each run, every build's page and then its
 * reference, in turns, so that builds and references meet the same machine state. Prints each run as it ends and
 * keeps the figures on each build (`side.guest[view]`).
 */
async function measureGuestView(view, sides, chrome) {
  console.log(`\n  ${view}: ${VIEWS[view].label}; load average ${load()} at the start`);
  for (const side of sides)
    side.guest[view] = side.pages.map((page) => ({ page, figures: [], references: [] }));
  for (let p = 0; p < sides[0].pages.length; p += 1) {
    for (let run = 0; run < runs; run += 1) {
      for (const side of sides) {
        const { page, figures, references } = side.guest[view][p];
        const lhr = await runLighthouse(`${side.front.base}${page.path}`, chrome.port, VIEWS[view].flags);
        const referenceLhr = await runLighthouse(
          `${side.front.base}${referencePath(page.path)}`,
          chrome.port,
          VIEWS[view].flags,
        );
        const who = `  ${side.short.padEnd(7)} ${page.route.padEnd(18)} run ${run + 1}`;
        // A pair counts only whole: a page without its reference (or the other way) says nothing of the floor.
        if (lhr.problem || referenceLhr.problem) {
          console.log(`${who}: lost (${lhr.problem ?? referenceLhr.problem})`);
          continue;
        }
        const name = `${side.short}-${view}-${page.route.replace(/\W+/g, '_') || 'home'}-${run + 1}`;
        writeFileSync(join(side.reports, `${name}.json`), JSON.stringify(lhr));
        writeFileSync(join(side.reports, `${name}-reference.json`), JSON.stringify(referenceLhr));
        figures.push(figuresOf(lhr));
        references.push(figuresOf(referenceLhr));
        console.log(
          `${who}: ${runLine(figures.at(-1))}\n` +
            `  ${''.padEnd(7 + 18 + 7)}  reference: ${runLine(references.at(-1))}; load ${load()}`,
        );
      }
    }
  }
}

const GUEST_WIDTHS = [20, 14, 22, 16, 22, 24, 24, 24, 16];

/** The guest pages' table of one view: each page's medians (range) with its reference's on the line below. */
function printGuestTable(label, view, results) {
  const all = results.flatMap((result) => [...result.figures, ...result.references]);
  console.log(
    `\n${label} — guest pages, ${VIEWS[view].label}; ${runs} run(s) a page, median (range); benchmarkIndex of the view ` +
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

/**
 * One run of the signed-in flow on one build, kept on it (`side.signedIn`, by step) and printed as it ends. A flow
 * that failed on the way (a step Lighthouse could not trace, a page too slow under load) is run again, the
 * application it may have left withdrawn first; after three tries the run is reported lost.
 */
async function signedInRunOf(side, run, browser) {
  let steps = null;
  for (let attempt = 0; attempt < 3 && steps === null; attempt += 1) {
    try {
      const answered = await signedInRun(browser, {
        base: side.front.base,
        referenceUrl: `${side.front.base}${referencePath(`/competitions/${side.eventId}`)}`,
      });
      const failed = Object.entries(answered).find(([, lhr]) => lhr.runtimeError);
      if (failed) throw new Error(`${failed[0]}: ${failed[1].runtimeError.code}`);
      steps = answered;
    } catch (error) {
      progress(
        `\n${side.short} signed-in run ${run + 1}: ${error.message}${attempt < 2 ? ', running again' : ''}\n`,
      );
    } finally {
      await withdrawApplications(side.api.base, side.api.dataDir);
    }
  }
  if (steps === null) {
    console.log(`  ${side.short.padEnd(7)} run ${run + 1}: lost (three tries failed)`);
    return;
  }
  for (const step of SIGNED_IN_STEPS) {
    const lhr = steps[step.name];
    writeFileSync(
      join(side.reports, `${side.short}-signed-in-${step.name.replace(/\W+/g, '_')}-${run + 1}.json`),
      JSON.stringify(lhr),
    );
    side.signedIn[step.name].push(figuresOf(lhr));
  }
  for (const step of SIGNED_IN_STEPS.filter(stepChosen)) {
    const f = side.signedIn[step.name].at(-1);
    console.log(
      `  ${side.short.padEnd(7)} ${step.name.padEnd(12)} run ${run + 1}: benchmarkIndex ${index(f.benchmarkIndex)} · ` +
        (step.kind === 'timespan'
          ? `INP ${millis(f.inpMs)}, TBT ${millis(f.tbtMs)}, CLS ${shift(f.cls)}, main thread ${millis(f.mainThreadMs)}`
          : `LCP ${seconds(f.lcpMs)}, TBT ${millis(f.tbtMs)}, CLS ${shift(f.cls)}, main thread ${millis(f.mainThreadMs)}`),
    );
  }
  console.log(`  load ${load()}`);
}

/** The signed-in table of one build and, for each step's median run, which scripts fill the main thread. */
function printSignedIn(label, byStep) {
  const reference = byStep['reference'];
  if (reference.length === 0) {
    console.log(`\n${label} — signed in: every run was lost; nothing to print.`);
    return;
  }
  console.log(
    `\n${label} — signed in (the demo family's parent), a Lighthouse user flow: devtools throttling, the CPU 4× slower, ` +
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

/** A build started: its api on fresh sandbox data, the front before it, its pages, and what is measured of it. */
async function startSide({ label, short, entry, portalDir }) {
  const reports = mkdtempSync(join(tmpdir(), `bench-lighthouse-${short}-`));
  const api = await startApi({
    entry,
    env: signedInApiEnv(portalDir),
  });
  const front = await startFront(api.base);
  const eventId = await demoEventId(api.base);
  const pages = guestPages(eventId, await demoAthleteId(api.base)).filter(chosen);
  // The first request of a page renders it and fills the api's page cache: not measured.
  for (const page of pages) await fetch(`${front.base}${page.path}`);
  await fetch(`${front.base}/competitions/${eventId}`);
  const signedIn = Object.fromEntries(SIGNED_IN_STEPS.map((step) => [step.name, []]));
  return { label, short, reports, api, front, eventId, pages, guest: {}, signedIn };
}

/** Every chosen page of every build, the builds in turns run by run; then each build's tables and findings. */
async function measure() {
  const sides = [];
  let chrome = null;
  let browser = null;
  const stopAll = async () => {
    chrome?.kill();
    await browser?.close();
    for (const side of sides) {
      await side.front.stop();
      await side.api.stop();
    }
  };
  // Generous: a loaded machine makes a Lighthouse run take a minute.
  const limit = timeLimit((builds.length * runs * (6 * 2 * views.length * 90 + 600) + 300) * 1000, stopAll);
  try {
    for (const build of builds) sides.push(await startSide(build));
    console.log(
      `\n${sides.map((side) => side.label).join(' and ')}: Lighthouse ${lighthouseVersion}, Chromium at ${chromePath}; ` +
        `load average ${load()} (the machine may be shared: read benchmarkIndex and the differences from the ` +
        'reference)' +
        (sides.length > 1 ? '; the builds are measured in turns, run by run' : ''),
    );
    if (guestPart) {
      if (sides[0].pages.length === 0) throw new Error(`--page ${onlyPage}: no such page`);
      chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      });
      for (const view of views) await measureGuestView(view, sides, chrome);
      chrome.kill();
      chrome = null;
    }
    if (signedInPart) {
      browser = await launchSignedInBrowser();
      console.log(
        `\n  signed in: a Lighthouse user flow, devtools throttling (observed), the CPU 4× slower, loopback ` +
          `network; load average ${load()} at the start`,
      );
      for (let run = 0; run < runs; run += 1) {
        for (const side of sides) await signedInRunOf(side, run, browser);
      }
      await browser.close();
      browser = null;
    }
    for (const side of sides) {
      for (const view of views.filter((candidate) => side.guest[candidate])) {
        printGuestTable(side.label, view, side.guest[view]);
      }
      if (signedInPart) printSignedIn(side.label, side.signedIn);
      console.log(`\n${side.label}: reports (JSON) in ${side.reports}`);
    }
    if (sides.length > 1) printComparison(sides);
  } finally {
    clearTimeout(limit);
    await stopAll();
  }
}

/** Before and after side by side: each page's medians of the differences from the reference, and INP. */
function printComparison([before, after]) {
  console.log(
    `\n${before.label} → ${after.label}, medians (of the guest pages, their differences from each run's own ` +
      'reference; of the signed-in steps, as measured):',
  );
  for (const view of views.filter((candidate) => before.guest[candidate] && after.guest[candidate])) {
    for (let p = 0; p < before.guest[view].length; p += 1) {
      const [b, a] = [before.guest[view][p], after.guest[view][p]];
      const delta = (side, key) => signedMillis(middle(differences(side.figures, side.references, key)));
      console.log(
        `  ${view.padEnd(9)} ${b.page.route.padEnd(18)} performance ${score(middle(b.figures.map((f) => f.performance)))} → ` +
          `${score(middle(a.figures.map((f) => f.performance)))}; TBT − reference ${delta(b, 'tbtMs')} → ` +
          `${delta(a, 'tbtMs')}; main thread − reference ${delta(b, 'mainThreadMs')} → ${delta(a, 'mainThreadMs')}`,
      );
    }
  }
  if (!signedInPart) return;
  for (const step of SIGNED_IN_STEPS.filter(
    (candidate) => stepChosen(candidate) && candidate.name !== 'reference',
  )) {
    const [b, a] = [before.signedIn[step.name], after.signedIn[step.name]];
    const value = (figures, key, format) => format(middle(figures.map((f) => f[key])));
    console.log(
      `  signed in ${step.name.padEnd(12)} ` +
        (step.kind === 'timespan'
          ? `INP ${value(b, 'inpMs', millis)} → ${value(a, 'inpMs', millis)}`
          : `LCP ${value(b, 'lcpMs', seconds)} → ${value(a, 'lcpMs', seconds)}`) +
        `; TBT ${value(b, 'tbtMs', millis)} → ${value(a, 'tbtMs', millis)}`,
    );
  }
}

async function main() {
  if (!process.argv.includes('--skip-build')) {
    if (!runNx(['run-many', '-t', 'build', '-p', 'portal', 'api', '--output-style=static']))
      throw new Error('the build failed');
  }
  await measure();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
