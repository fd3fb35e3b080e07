#!/usr/bin/env node
/**
 * Benchmark: the events list of the platform twin at scale (10 000 events, 50 000 athletes).
 *
 * Starts the real api build with `SANDBOX_SEED=scale` in a temporary data directory, waits for its health,
 * then times filtered, paged `getEvents` calls through the twin over HTTP and prints p50/p95/p99 in ms.
 * Figures are for reading, never a CI gate.
 *
 *   npx nx run api:build && node tools/bench/platform-events/bench.mjs [--requests 500] [--concurrency 1]
 *
 * Without npm scripts: the api build is `dist/apps/api/main.cjs`; this script needs nothing but Node 20.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inParallel, numberOption, percentile, startApi, twinScript } from '../shared.mjs';

const total = numberOption('requests', 500);
const concurrency = numberOption('concurrency', 1);

const kinds = ['upcoming', 'upcoming+city', 'past+discipline', 'search', 'date range'];

const cities = ['Москва', 'Казань', 'Новосибирск', 'Екатеринбург', 'Самара', 'Краснодар', 'Томск'];
const searches = ['кубок', 'турнир', 'первенство', 'самурай', 'сокол'];

/** A realistic mix of what the events page asks: time window, city, discipline, search, date range, pages. */
function query(index) {
  const data = { size: 20, from: (index % 10) * 20 };
  switch (index % 5) {
    case 0:
      data.when = 'upcoming';
      break;
    case 1:
      Object.assign(data, { when: 'upcoming', city: cities[index % cities.length] });
      break;
    case 2:
      Object.assign(data, { when: 'past', discipline: index % 2 ? 'kata' : 'kumite' });
      break;
    case 3:
      Object.assign(data, { search: searches[index % searches.length], from: 0 });
      break;
    default: {
      const from = new Date(Date.now() + ((index % 12) - 6) * 30 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.parse(from) + 60 * 86_400_000).toISOString().slice(0, 10);
      Object.assign(data, { dateFrom: from, dateTo: to, sort: 'date_asc' });
    }
  }
  return data;
}

async function main() {
  // No portal is served: the twin alone is measured.
  const api = await startApi({
    seed: 'scale',
    env: { PORTAL_DIST_DIR: join(tmpdir(), 'bench-no-portal') },
  });
  const { startMs, stop } = api;
  try {
    const twin = twinScript(api);
    const call = async (index) => {
      const { ms, body } = await twin('getEvents', query(index));
      return { ms, total: body.total };
    };
    const probe = await call(0);
    for (let index = 0; index < 20; index += 1) await call(index); // warm-up
    const timings = [];
    const byKind = new Map(kinds.map((kind) => [kind, []]));
    const seconds = await inParallel(total, concurrency, async (index) => {
      const { ms } = await call(index);
      timings.push(ms);
      byKind.get(kinds[index % 5]).push(ms);
    });
    timings.sort((a, b) => a - b);
    const fmt = (value) => value.toFixed(1);
    console.log(`platform twin events list — ${total} requests, concurrency ${concurrency}`);
    console.log(
      `start-up incl. scale seed: ${(startMs / 1000).toFixed(1)} s; upcoming events in the twin: ${probe.total}`,
    );
    console.log(
      `p50 ${fmt(percentile(timings, 50))} ms   p95 ${fmt(percentile(timings, 95))} ms   p99 ${fmt(percentile(timings, 99))} ms   max ${fmt(timings[timings.length - 1])} ms   ${(total / seconds).toFixed(0)} req/s`,
    );
    for (const [kind, values] of byKind) {
      values.sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(16)} p50 ${fmt(percentile(values, 50))} ms   p95 ${fmt(percentile(values, 95))} ms`,
      );
    }
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
