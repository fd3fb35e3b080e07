#!/usr/bin/env node
/**
 * What a page rendered on the server costs the api: the built api (with the portal build's render module) on
 * fresh sandbox data, one visitor at a time and then under load.
 *
 *   - cold: each request a new address (`?bench=N`), so each is rendered — the page's reads answered in-process
 *     by the proxy, React's render, the compression — time to the answer and the api's CPU per page;
 *   - cached: the same address again and again (the cache's hits) under autocannon;
 *   - the shell, as a signed-in browser gets it (the hint cookie), under autocannon;
 *   - a page's read over loopback HTTP instead of in-process, timed from this process: what each read would add.
 *
 *   node tools/bench/page-rendering/bench.mjs [--pages 40] [--duration 8] [--connections 20] [--skip-build]
 *
 * Prints the figures per page (/, /competitions, an event). Loopback only; the api is stopped at the end.
 */
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { FUNCTIONS_MODULE, numberOption, percentile, startApi, root } from '../shared.mjs';

const pages = numberOption('pages', 40);
const duration = numberOption('duration', 8);
const connections = numberOption('connections', 20);
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const eventsRead = (size) =>
  `/api/proxy?url=${encodeURIComponent(
    `/api/extensions/${FUNCTIONS_MODULE}/script/getEvents?data=${encodeURIComponent(JSON.stringify({ when: 'upcoming', from: 0, size }))}`,
  )}`;

async function cold(base, pid, path) {
  const times = [];
  const served = [];
  const cpuBefore = cpuMsOf(pid);
  for (let i = 0; i < pages; i += 1) {
    const started = performance.now();
    const answer = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}bench=${i}`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    await answer.arrayBuffer();
    times.push(performance.now() - started);
    served.push(answer.headers.get('server-timing') ?? '');
  }
  const cpu = cpuMsOf(pid) - cpuBefore;
  const misses = served.filter((timing) => timing.includes('"miss"')).length;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpuMsPerPage: cpu / pages, misses };
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, headers, connections, duration }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

async function loaded(base, pid, path, headers) {
  const before = cpuMsOf(pid);
  const result = await load(`${base}${path}`, { 'Accept-Encoding': 'br', ...headers });
  const cpu = cpuMsOf(pid) - before;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUsPerPage: ((cpu * 1000) / Math.max(1, result['2xx'] ?? 0)).toFixed(0),
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

async function loopbackRead(base) {
  const times = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < 100; i += 1) {
    const started = performance.now();
    const answer = await fetch(`${base}${eventsRead(20)}`);
    await answer.arrayBuffer();
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), clientCpuMs: (cpu.user + cpu.system) / 1000 / 100 };
}

if (!process.argv.includes('--skip-build')) {
  const build = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', '-p', 'portal', 'api', '--output-style=static'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const api = await startApi({ env: { NODE_ENV: 'production', LOG_LEVEL: 'error' } });
try {
  const list = await (await fetch(`${api.base}${eventsRead(1)}`)).json();
  const eventId = list.result[0].__id;
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `\nPages rendered on the server (${pages} cold pages each; autocannon ${connections} connections, ${duration} s)\n`,
  );
  console.log(
    ['page'.padEnd(52), 'cold p50', 'cold p95', 'CPU/page', 'cached req/s', 'p50', 'p99', 'CPU/page'].join(
      '  ',
    ),
  );
  for (const path of ['/', '/competitions', `/competitions/${eventId}`]) {
    await fetch(`${api.base}${path}`); // the first render loads the route's modules: not what a page costs
    const c = await cold(api.base, api.pid, path);
    const hot = await loaded(api.base, api.pid, path);
    console.log(
      [
        path.padEnd(52),
        ms(c.p50).padStart(8),
        ms(c.p95).padStart(8),
        ms(c.cpuMsPerPage).padStart(8),
        hot.rps.toFixed(0).padStart(12),
        `${hot.p50} ms`.padStart(5),
        `${hot.p99} ms`.padStart(5),
        `${hot.cpuUsPerPage} µs`.padStart(8),
        c.misses === pages ? '' : `(${pages - c.misses} of the cold pages were not renders)`,
        hot.bad ? `${hot.bad} failed` : '',
      ].join('  '),
    );
  }
  const shell = await loaded(api.base, api.pid, '/competitions', { Cookie: 'fed_signed_in=1' });
  console.log(
    `\nthe shell (signed-in hint): ${shell.rps.toFixed(0)} req/s, p50 ${shell.p50} ms, p99 ${shell.p99} ms, ${shell.cpuUsPerPage} µs CPU a page`,
  );
  const loop = await loopbackRead(api.base);
  console.log(
    `a page's read over loopback HTTP (getEvents, 20 events): p50 ${ms(loop.p50)}, ${ms(loop.clientCpuMs)} of the caller's CPU ` +
      'a read, on top of the api answering it; in-process the renderer calls the proxy service directly',
  );
} finally {
  await api.stop();
}
