#!/usr/bin/env node
/**
 * Benchmark: the events list page ('Мероприятия') over 10 000 events, as a browser sees it.
 *
 * Starts the built api and portal with `SANDBOX_SEED=scale`, then in Debian's Chromium (playwright-core):
 * - first load: a fresh browser context (cold HTTP cache) opens /competitions?when=all; time from navigation
 *   start until the first page of cards is on screen;
 * - page change: in a loaded page, the pager's next page until its cards are on screen;
 * - search: typing into the search box until the filtered cards are on screen (includes the 300 ms debounce).
 * Prints p50/p95 in ms (`list-page.mjs` does the timing, as for the directories). Figures are for reading,
 * never a CI gate.
 *
 *   npx nx run-many -t build -p api portal && node tools/bench/events-page/bench.mjs [--runs 15]
 */
import { chromium } from 'playwright-core';
import { summary, timeListPage } from '../list-page.mjs';
import { chromiumLaunchOptions, startApi } from '../shared.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 15;

async function main() {
  const api = await startApi({ seed: 'scale' });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const samples = await timeListPage(browser, {
      base: api.base,
      path: '/competitions?when=all',
      script: 'getEvents',
      searchLabel: 'Поиск мероприятий',
      queries: ['кубок', 'турнир'],
      runs,
    });
    console.log(
      `events page over the scale seed (api ready in ${(api.startMs / 1000).toFixed(1)} s), Chromium 1280 px`,
    );
    console.log(summary('first load, cold cache → cards', samples.firstLoad));
    console.log(summary("the list's answer → cards", samples.afterAnswer));
    console.log(summary('next page → cards', samples.nextPage));
    console.log(summary('search (incl. 300 ms debounce)', samples.search));
  } finally {
    await browser.close();
    await api.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
