#!/usr/bin/env node
/**
 * The main thread's long tasks of the guest's pages on a phone's CPU: the built api with fresh sandbox data,
 * Debian's Chromium with its CPU slowed four times (as Lighthouse's mobile emulation does), the DevTools timeline
 * traced from navigation until the app has taken the page over and two seconds more. For `/`, `/competitions`,
 * an event and `/login`, three loads each: the blocking time after the first contentful paint (each task's time
 * past 50 ms, summed, as Lighthouse counts it) with its median beside the 100 ms target, and, for the median
 * load, every long task with what filled it (module evaluation, a script's function, style and layout…).
 *
 * Lighthouse (`bench:lighthouse`) gives the score; this says which task to shorten, from a real trace rather
 * than Lighthouse's simulation.
 *
 *   node tools/bench/long-tasks/bench.mjs [--runs 3] [--page /login] [--skip-build]   (npm run bench:long-tasks)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  chromiumLaunchOptions,
  demoEventId,
  median,
  numberOption,
  option,
  root,
  startApi,
} from '../shared.mjs';
import { LONG_TASK_MS, contentsOf, mainThreadOf } from './trace.mjs';

const TARGET_MS = 100;
const CPU_SLOWDOWN = 4;

const runs = numberOption('runs', 3, { min: 1, max: 9 });
const onlyPage = option('page', null);

/** One traced load: the blocking time after the first contentful paint and its long tasks. */
async function traceLoad(browser, url, tracePath) {
  const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, {
    path: tracePath,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink'],
  });
  await page.goto(url);
  await page.locator('html[data-portal-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(2000);
  await browser.stopTracing();
  await page.close();

  const events = JSON.parse(readFileSync(tracePath, 'utf8')).traceEvents;
  const main = mainThreadOf(events);
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === main.pid);
  const start = Math.min(...onMain.filter((event) => event.ts).map((event) => event.ts));
  const tasks = onMain
    .filter((event) => event.name === 'RunTask' && event.dur > LONG_TASK_MS * 1000)
    .map((task) => ({
      atMs: (task.ts - start) / 1000,
      ms: task.dur / 1000,
      afterPaint: paint ? task.ts > paint.ts : true,
      contents: contentsOf(task, onMain),
    }));
  const blockingMs = tasks
    .filter((task) => task.afterPaint)
    .reduce((sum, task) => sum + task.ms - LONG_TASK_MS, 0);
  return { blockingMs, paintMs: paint ? (paint.ts - start) / 1000 : null, tasks };
}

if (!process.argv.includes('--skip-build')) {
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'api', 'portal'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const api = await startApi();
const browser = await chromium.launch(chromiumLaunchOptions());
const traces = mkdtempSync(join(tmpdir(), 'bench-long-tasks-'));
try {
  const event = `/competitions/${await demoEventId(api.base)}`;
  const pages = onlyPage ? [onlyPage] : ['/', '/competitions', event, '/login'];
  // A first load of each page renders it on the server and fills the api's page cache: not measured.
  for (const path of pages) await fetch(`${api.base}${path}`);

  console.log(
    `\nLong tasks after the first paint, Chromium at ${CPU_SLOWDOWN}× slowed CPU, 375 px, ${runs} loads a page (median, range); target ≤ ${TARGET_MS} ms of blocking\n`,
  );
  for (const path of pages) {
    const loads = [];
    for (let run = 0; run < runs; run += 1) {
      loads.push(await traceLoad(browser, `${api.base}${path}`, join(traces, `trace-${loads.length}.json`)));
    }
    const blocking = loads.map((load) => load.blockingMs);
    const typical = loads.find((load) => load.blockingMs === median(blocking));
    const verdict = median(blocking) <= TARGET_MS ? 'meets' : 'short';
    console.log(
      `${path}: blocking ${Math.round(median(blocking))} ms (${Math.round(Math.min(...blocking))}–${Math.round(Math.max(...blocking))}) — ${verdict}; first paint at ${Math.round(typical.paintMs ?? 0)} ms`,
    );
    for (const task of typical.tasks) {
      console.log(
        `  ${task.afterPaint ? 'after' : 'before'} paint, at ${Math.round(task.atMs)} ms: ${Math.round(task.ms)} ms — ${task.contents}`,
      );
    }
  }
} finally {
  await browser.close();
  await api.stop();
}
