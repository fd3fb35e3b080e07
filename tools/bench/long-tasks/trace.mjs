/**
 * Reading a Chromium trace of the main thread, for the long-task benches: which thread is the page's, which of its
 * tasks are long (Lighthouse's 50 ms: the time past it is blocking time), and what filled a task.
 */

/** A task longer than this blocks input; the time past it is "blocking time", as Lighthouse sums it. */
export const LONG_TASK_MS = 50;

/** The renderer's main thread of the traced page: the `CrRendererMain` thread with the most events. */
export function mainThreadOf(events) {
  const threads = events.filter(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const count = (thread) => events.filter((e) => e.pid === thread.pid && e.tid === thread.tid).length;
  const main = threads
    .map((thread) => ({ thread, events: count(thread) }))
    .sort((a, b) => b.events - a.events)[0];
  if (!main) throw new Error('the trace has no renderer main thread');
  return main.thread;
}

/** What filled a task: its longest inner events by name (and script or function), longest first. */
export function contentsOf(task, onMain) {
  const longest = new Map();
  for (const event of onMain) {
    if (event === task || !event.dur || event.ts < task.ts || event.ts >= task.ts + task.dur) continue;
    const data = event.args?.data ?? {};
    const script = data.url ? ` ${String(data.url).split('/').pop()}` : '';
    const name = `${event.name}${script}${data.functionName ? ` ${data.functionName}` : ''}`;
    longest.set(name, Math.max(longest.get(name) ?? 0, event.dur));
  }
  return [...longest]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, dur]) => `${name} ${Math.round(dur / 1000)} ms`)
    .join(' · ');
}
