/**
 * A list page of the portal as a person meets it in Chromium, for the benchmarks of the events list and the
 * directories: the first load in a fresh context (cold HTTP cache) until the first page of cards is on screen,
 * the pager's next page until its cards are, and a search typed into the page's search box (its 300 ms debounce
 * included) until the filtered cards are. Cards are the page's `article` elements with an `h2` title.
 * Plain Node (no build step), like the benchmarks themselves.
 */
import { percentile } from './shared.mjs';

const CARD_TITLES = 'main article h2';

/** In the page: real cards (titled, not skeletons) other than `previous` are on screen, and nothing loads. */
function cardsChanged(previous) {
  const titles = [...document.querySelectorAll('main article h2')].map((node) => node.textContent ?? '');
  return (
    titles.length > 0 &&
    titles.every((title) => title.trim() !== '') &&
    titles.join('|') !== previous &&
    // A list dimmed under its next read is not there yet; a filter's options still loading do not count.
    !document.querySelector('[aria-busy="true"]:not(select)')
  );
}

const cardTitles = async (page) => (await page.locator(CARD_TITLES).allTextContents()).join('|');

/**
 * Times `runs` visits of `path` on `base`. `script` names the platform script the list reads (its answer's end
 * is taken from the browser's resource timing, so the render after the answer is told apart from the wait for
 * it); `searchLabel` is the search box's accessible name, `queries` what is typed in turn.
 * Answers the samples in ms: `firstLoad` (navigation start → cards), `afterAnswer` (the list's answer → cards on
 * the first load), `nextPage`, `search`.
 */
export async function timeListPage(browser, { base, path, script, searchLabel, queries, runs }) {
  const samples = { firstLoad: [], afterAnswer: [], nextPage: [], search: [] };
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    await page.waitForFunction(cardsChanged, '');
    const first = await page.evaluate((name) => {
      const answers = performance
        .getEntriesByType('resource')
        .filter((entry) => decodeURIComponent(entry.name).includes(`/script/${name}`));
      return { cards: performance.now(), answer: answers.at(-1)?.responseEnd ?? null };
    }, script);
    samples.firstLoad.push(first.cards);
    if (first.answer !== null) samples.afterAnswer.push(first.cards - first.answer);

    const before = await cardTitles(page);
    let started = Date.now();
    await page.locator('a[rel="next"]').first().click();
    await page.waitForFunction(cardsChanged, before);
    samples.nextPage.push(Date.now() - started);

    const unfiltered = await cardTitles(page);
    started = Date.now();
    await page.getByRole('searchbox', { name: searchLabel }).fill(queries[run % queries.length]);
    // The search lands in the address once the debounce has passed; then the filtered cards arrive.
    await page.waitForURL(/[?&]q=/);
    await page.waitForFunction(cardsChanged, unfiltered);
    samples.search.push(Date.now() - started);
    await context.close();
  }
  return samples;
}

/** One line of p50/p95 for a set of samples. */
export function summary(name, values) {
  const sorted = [...values].sort((a, b) => a - b);
  const p = (q) => (sorted.length ? percentile(sorted, q).toFixed(0) : '—').padStart(6);
  return `${name.padEnd(58)} p50 ${p(50)} ms   p95 ${p(95)} ms   (n=${sorted.length})`;
}
