#!/usr/bin/env node
/**
 * Benchmark: the events list page ('Мероприятия') over 10 000 events, as a browser sees it.
 *
 * Starts the built api and portal with `SANDBOX_SEED=scale`, then in Debian's Chromium (playwright-core):
 * - first load: a fresh browser context (cold HTTP cache) opens /competitions?when=all; time from navigation
 *   start until the first page of cards is on screen;
 * - page change: in a loaded page, 'Следующая страница' until the next page's cards are on screen;
 * - search: typing into the search box until the filtered cards are on screen (includes the 300 ms debounce).
 * Prints p50/p95 in ms. Figures are for reading, never a CI gate.
 *
 *   npx nx run-many -t build -p api portal && node tools/bench/events-page/bench.mjs [--runs 15]
 */
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, percentile, startApi } from '../shared.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 15;

/** In the page: real cards (titled, not skeletons) other than `previous` are on screen. */
function cardsChanged(previous) {
  const titles = [...document.querySelectorAll('article h2')].map((node) => node.textContent ?? '');
  return titles.length > 0 && titles.every((title) => title.trim() !== '') && titles.join('|') !== previous;
}

const cardTitles = (page) => page.locator('article h2').allTextContents();

function summary(name, samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const p = (q) => percentile(sorted, q).toFixed(0).padStart(6);
  return `${name.padEnd(34)} p50 ${p(50)} ms   p95 ${p(95)} ms   (n=${sorted.length})`;
}

async function main() {
  const api = await startApi({ seed: 'scale' });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const firstLoad = [];
    const pageChange = [];
    const search = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
      const page = await context.newPage();
      await page.goto(`${api.base}/competitions?when=all`, { waitUntil: 'commit' });
      await page.locator('article h2').first().waitFor();
      firstLoad.push(await page.evaluate(() => performance.now()));

      const before = (await cardTitles(page)).join('|');
      let started = Date.now();
      await page.getByRole('link', { name: 'Следующая страница' }).click();
      await page.waitForFunction(
        (previous) =>
          [...document.querySelectorAll('article h2')].map((node) => node.textContent).join('|') !==
            previous && !document.querySelector('[aria-busy="true"]'),
        before,
      );
      pageChange.push(Date.now() - started);

      const unfiltered = (await cardTitles(page)).join('|');
      started = Date.now();
      await page.getByRole('searchbox', { name: 'Поиск мероприятий' }).fill(run % 2 ? 'кубок' : 'турнир');
      // The search lands in the address once the debounce has passed; then the filtered cards arrive.
      await page.waitForURL(/[?&]q=/);
      await page.waitForFunction(cardsChanged, unfiltered);
      search.push(Date.now() - started);
      await context.close();
    }
    console.log(
      `events page over the scale seed (api ready in ${(api.startMs / 1000).toFixed(1)} s), Chromium 1280 px`,
    );
    console.log(summary('first load, cold cache → cards', firstLoad));
    console.log(summary('next page → cards', pageChange));
    console.log(summary('search (incl. 300 ms debounce)', search));
  } finally {
    await browser.close();
    await api.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
