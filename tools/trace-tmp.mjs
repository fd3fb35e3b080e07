import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const url = process.argv[2];
const quiet = process.argv[3] === 'quiet';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { path: '/tmp/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink'] });
await page.goto(url);
await page.waitForFunction(() => 'portalReady' in document.documentElement.dataset);
await page.waitForTimeout(3000);
await browser.stopTracing();
await browser.close();
const events = JSON.parse(readFileSync('/tmp/trace.json', 'utf8')).traceEvents;
const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const main = mains.map((m) => ({ m, n: events.filter((e) => e.pid === m.pid && e.tid === m.tid).length })).sort((a, b) => b.n - a.n)[0].m;
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > 50000);
const t0 = Math.min(...onMain.filter((e) => e.ts).map((e) => e.ts));
let blocking = 0;
for (const task of tasks) {
  if (fcp && task.ts > fcp.ts) blocking += task.dur / 1000 - 50;
  const inside = onMain.filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur && e !== task);
  const byName = {};
  for (const e of inside) {
    const key = e.name + (e.args?.data?.url ? ' ' + e.args.data.url.split('/').pop() : '') + (e.args?.data?.functionName ? ' ' + e.args.data.functionName : '');
    byName[key] = Math.max(byName[key] ?? 0, e.dur);
  }
  const top = Object.entries(byName).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}ms`);
  if (!quiet) console.log(`task at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms —`, top.join(' | '));
}
console.log(`blocking after FCP: ${blocking.toFixed(0)} ms`);
