/**
 * What the Lighthouse bench reads from a report and how it prints it: the figures of a run (with the machine's
 * `benchmarkIndex`), medians and ranges, differences from the reference, and the findings of a run — what costs
 * most, and which scripts fill the blocking time.
 */
import { median } from '../shared.mjs';

/** The guest pages' targets (performance, LCP, CLS, TBT) and the signed-in side's (LCP, TBT, INP). */
export const GUEST_TARGETS = { performance: 95, lcpMs: 1800, cls: 0.02, tbtMs: 150 };
export const SIGNED_IN_TARGETS = { lcpMs: 2000, tbtMs: 200, inpMs: 200 };

/** The figures of one report (a navigation, or a timespan: no LCP nor score there, an INP instead). */
export function figuresOf(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? null;
  const score = lhr.categories.performance?.score;
  return {
    performance: score === null || score === undefined ? null : Math.round(score * 100),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    inpMs: value('interaction-to-next-paint'),
    fcpMs: value('first-contentful-paint'),
    // Every task of the main thread, as Lighthouse groups it (script, style and layout, parsing, "other").
    mainThreadMs: value('mainthread-work-breakdown'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    lhr,
  };
}

export const seconds = (ms) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
export const millis = (ms) => (ms === null ? '—' : `${Math.round(ms)} ms`);
export const signedMillis = (ms) =>
  ms === null ? '—' : `${ms >= 0 ? '+' : '−'}${Math.abs(Math.round(ms))} ms`;
export const score = (value) => (value === null ? '—' : String(value));
export const shift = (value) => (value === null ? '—' : value.toFixed(3));
export const index = (value) => (value === null ? '—' : String(Math.round(value)));

const present = (values) => values.filter((value) => value !== null && value !== undefined);

/** `median (lowest–highest)` of the values that are there, each written by `format`. */
export function range(values, format) {
  const known = present(values);
  if (known.length === 0) return '—';
  if (known.length === 1) return format(known[0]);
  const sorted = [...known].sort((a, b) => a - b);
  return `${format(median(known))} (${format(sorted[0])}–${format(sorted[sorted.length - 1])})`;
}

/** The median of the values that are there, or null. */
export function middle(values) {
  const known = present(values);
  return known.length === 0 ? null : median(known);
}

/** Each run's difference from its own reference run (taken right beside it, on the same machine state). */
export function differences(runs, references, key) {
  return runs.map((run, i) =>
    run[key] === null || references[i]?.[key] === null || references[i] === undefined
      ? null
      : run[key] - references[i][key],
  );
}

/** The run whose value of `key` is the median one: the run whose findings are printed. */
export function medianRun(figures, key) {
  const target = middle(figures.map((f) => f[key]));
  return figures.find((f) => f[key] === target) ?? figures[0];
}

/** A node's label or snippet on one line. */
const oneLine = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

const pathOf = (url) => {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' ? parsed.href.replace(/^https?:\/\/[^/]+/, '') : parsed.pathname;
  } catch {
    return String(url);
  }
};

/**
 * Which scripts fill the main thread and its long tasks: Lighthouse's JavaScript execution by script (evaluation,
 * compilation, parsing; "Unattributable" is work no script is named for, such as the browser's own tasks) and
 * the longest tasks with the script each is laid to.
 */
export function scriptCosts(lhr) {
  const lines = [];
  const bootup = lhr.audits['bootup-time']?.details?.items ?? [];
  if (bootup.length > 0) {
    lines.push(
      `JavaScript by script: ${bootup
        .slice(0, 6)
        .map(
          (item) => `${pathOf(item.url)} ${Math.round(item.total)} ms (script ${Math.round(item.scripting)})`,
        )
        .join(', ')}`,
    );
  }
  const tasks = [...(lhr.audits['long-tasks']?.details?.items ?? [])]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 6);
  if (tasks.length > 0) {
    lines.push(
      `longest tasks: ${tasks
        .map(
          (task) =>
            `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms (${pathOf(task.url)})`,
        )
        .join(', ')}`,
    );
  }
  const mainThread = lhr.audits['mainthread-work-breakdown']?.details?.items;
  if (mainThread) {
    lines.push(
      `main thread: ${mainThread
        .slice(0, 5)
        .map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`)
        .join(', ')}`,
    );
  }
  return lines;
}

/**
 * The requests of a page by what asked for them: the page's HTML and what it names (before the load event), the
 * app that takes the page over (scripts after the load event), and prefetches (the lowest priority: the likely
 * next pages, fetched not run).
 */
export function requestsBySource(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  // Requests are timed from navigation start, as the observed load event is.
  const load = lhr.audits.metrics?.details?.items?.[0]?.observedLoad ?? Infinity;
  const prefetch = requests.filter((request) => request.priority === 'VeryLow');
  const scripts = requests.filter(
    (request) => request.resourceType === 'Script' && request.priority !== 'VeryLow',
  );
  const early = scripts.filter((request) => (request.networkRequestTime ?? 0) <= load);
  const late = scripts.filter((request) => (request.networkRequestTime ?? 0) > load);
  const kb = (list) => Math.round(list.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024);
  const firstPrefetch = Math.min(...prefetch.map((request) => request.networkRequestTime ?? Infinity));
  return (
    `scripts before load: ${early.length}, ${kb(early)} kB; after load (the app taking the page over): ` +
    `${late.length}, ${kb(late)} kB; prefetches: ${prefetch.length}, ${kb(prefetch)} kB` +
    (prefetch.length > 0 ? `, the first at ${Math.round(firstPrefetch)} ms` : '')
  );
}

/** The findings of a page's run that say what costs most, as short lines. */
export function findings(lhr) {
  const lines = [];
  const audit = (id) => lhr.audits[id];
  const items = audit('largest-contentful-paint-element')?.details?.items ?? [];
  const element = items[0]?.items?.[0]?.node;
  if (element)
    lines.push(`LCP element: ${oneLine(element.nodeLabel)} — ${oneLine(element.snippet)}`.slice(0, 200));
  const phases = items[1]?.items;
  if (Array.isArray(phases)) {
    lines.push(
      `LCP phases: ${phases.map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', ')}`,
    );
  }
  for (const layoutShift of (audit('layout-shifts')?.details?.items ?? []).slice(0, 3)) {
    lines.push(
      `layout shift ${layoutShift.score?.toFixed(3)}: ${layoutShift.node?.nodeLabel ?? ''} ${layoutShift.node?.snippet ?? ''}`.slice(
        0,
        200,
      ),
    );
  }
  lines.push(...scriptCosts(lhr));
  lines.push(requestsBySource(lhr));
  const unused = audit('unused-javascript')?.details?.items ?? [];
  for (const script of unused.slice(0, 3)) {
    lines.push(
      `unused JavaScript: ${pathOf(script.url)} ${Math.round(script.wastedBytes / 1024)} of ${Math.round(script.totalBytes / 1024)} kB`,
    );
  }
  const weight = audit('total-byte-weight');
  if (weight?.displayValue) lines.push(`page weight: ${weight.displayValue}`);
  return lines;
}

/** Columns padded to widths, joined by a space. */
export function row(cells, widths) {
  return cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join(' ');
}
