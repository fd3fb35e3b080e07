#!/usr/bin/env node
/**
 * Benchmark: the athletes' and organizations' directories at scale (50 000 athletes, 10 000 events), beside the
 * events list as a reference, in one run.
 *
 * Starts the real api build (with the built portal) with `SANDBOX_SEED=scale` in a temporary data directory,
 * waits for its health, then
 * - times `getSportsmen` over a mix of what the athletes' page asks (name search, club, city, gender, age
 *   class, membership, the four orders, numbered pages), `getOrganizations`, and `getEvents`, all through the
 *   twin over HTTP, and prints p50/p95/p99 in ms;
 * - in Debian's Chromium (playwright-core), the athletes' page /sportsmen and the events page /competitions as a
 *   person meets them (`list-page.mjs`): first load with a cold cache to cards, the list's answer to cards,
 *   the next page, a search; p50/p95 (`--runs`, 0 to leave the browser out).
 * Figures are for reading, never a CI gate.
 *
 *   npx nx run-many -t build -p api portal && node tools/bench/directory/bench.mjs [--requests 400]
 *     [--concurrency 1] [--runs 10]
 */
import { chromium } from 'playwright-core';
import { summary, timeListPage } from '../list-page.mjs';
import {
  chromiumLaunchOptions,
  inParallel,
  numberOption,
  percentile,
  startApi,
  twinScript,
} from '../shared.mjs';

const total = numberOption('requests', 400);
const concurrency = numberOption('concurrency', 1);
const runs = numberOption('runs', 10);

const cities = ['Москва', 'Казань', 'Новосибирск', 'Екатеринбург', 'Самара', 'Краснодар', 'Томск'];
const names = ['иванов', 'смирнова', 'кузнецов', 'анна', 'петров', 'соколова алиса', 'дмитрий'];
const sorts = ['name_asc', 'name_desc', 'age_class', 'city'];

/**
 * What the athletes' page asks, as a person using it would: the first pages most often, a few pages further
 * on (numbered pages up to 50), each filter alone and two together, every order.
 */
function athletesQuery(index, known) {
  const page = [0, 0, 0, 1, 1, 2, 3, 5, 10, 49][index % 10];
  const data = { size: 20, from: page * 20 };
  switch (index % 8) {
    case 0:
      break;
    case 1:
      Object.assign(data, { search: names[index % names.length], from: 0 });
      break;
    case 2:
      Object.assign(data, { organizationId: known.clubs[index % known.clubs.length], from: 0 });
      break;
    case 3:
      Object.assign(data, { city: cities[index % cities.length], from: (index % 3) * 20 });
      break;
    case 4:
      Object.assign(data, { gender: index % 2 ? 'female' : 'male' });
      break;
    case 5:
      data.ageClassId = known.ageClasses[index % known.ageClasses.length];
      break;
    case 6:
      Object.assign(data, { membershipValid: index % 3 !== 0, gender: index % 2 ? 'female' : 'male' });
      break;
    default:
      data.sort = sorts[index % sorts.length];
  }
  return data;
}

function eventsQuery(index) {
  const data = { size: 20, from: (index % 10) * 20 };
  if (index % 3 === 0) data.when = 'upcoming';
  if (index % 3 === 1) Object.assign(data, { when: 'upcoming', city: cities[index % cities.length] });
  if (index % 3 === 2) Object.assign(data, { when: 'past', discipline: index % 2 ? 'kata' : 'kumite' });
  return data;
}

const fmt = (value) => value.toFixed(1);
function line(label, timings) {
  const sorted = [...timings].sort((a, b) => a - b);
  return `${label.padEnd(26)} p50 ${fmt(percentile(sorted, 50))} ms   p95 ${fmt(percentile(sorted, 95))} ms   p99 ${fmt(percentile(sorted, 99))} ms   max ${fmt(sorted[sorted.length - 1])} ms   (${sorted.length})`;
}

/** The two list pages in Chromium, one after the other in one browser. */
async function browserFigures(base) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const athletes = await timeListPage(browser, {
      base,
      path: '/sportsmen',
      script: 'getSportsmen',
      searchLabel: 'Поиск спортсменов',
      queries: ['иванов', 'кузнецова', 'петров'],
      runs,
    });
    const events = await timeListPage(browser, {
      base,
      path: '/competitions?when=all',
      script: 'getEvents',
      searchLabel: 'Поиск мероприятий',
      queries: ['кубок', 'турнир'],
      runs,
    });
    console.log(`\nin Chromium, 1280 px, ${runs} runs each`);
    for (const [name, samples] of [
      ['/sportsmen', athletes],
      ['/competitions (reference)', events],
    ]) {
      console.log(summary(`${name}: first load, cold cache → cards`, samples.firstLoad));
      console.log(summary(`${name}: its list's answer → cards`, samples.afterAnswer));
      console.log(summary(`${name}: next page → cards`, samples.nextPage));
      console.log(summary(`${name}: search (incl. 300 ms debounce)`, samples.search));
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  const api = await startApi({ seed: 'scale' });
  const { base, startMs, stop } = api;
  try {
    const call = twinScript(api);
    const clubs = (await call('getOrganizations', { size: 100, from: 30 })).body.result.map(
      (club) => club.__id,
    );
    const ageClasses = (await call('getAgeClasses', {})).body.result.map((ageClass) => ageClass.__id);
    const known = { clubs, ageClasses };
    const athletesTotal = (await call('getSportsmen', { size: 1 })).body.total;

    const kinds = ['all', 'name search', 'club', 'city', 'gender', 'age class', 'membership+gender', 'sort'];
    const timings = { athletes: [], organizations: [], events: [] };
    const byKind = new Map(kinds.map((kind) => [kind, []]));
    const seconds = await inParallel(total, concurrency, async (index) => {
      const { ms } = await call('getSportsmen', athletesQuery(index, known));
      timings.athletes.push(ms);
      byKind.get(kinds[index % 8]).push(ms);
      if (index % 4 === 0) {
        const organizations = await call('getOrganizations', {
          size: 20,
          from: (index % 5) * 20,
          ...(index % 8 === 4 ? { city: cities[index % cities.length] } : {}),
        });
        timings.organizations.push(organizations.ms);
      }
      if (index % 2 === 0) timings.events.push((await call('getEvents', eventsQuery(index))).ms);
    });
    console.log(
      `platform twin directories — ${total} athlete queries, concurrency ${concurrency}, ${fmt(seconds)} s`,
    );
    console.log(
      `start-up incl. scale seed: ${fmt(startMs / 1000)} s; athletes in the twin: ${athletesTotal}`,
    );
    console.log(line('getSportsmen (the mix)', timings.athletes));
    for (const [kind, values] of byKind) console.log(line(`  ${kind}`, values));
    console.log(line('getOrganizations', timings.organizations));
    console.log(line('getEvents (reference)', timings.events));
    if (runs > 0) await browserFigures(base);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
