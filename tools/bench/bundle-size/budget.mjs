/**
 * The bundle budget: today's gzip figures plus a small margin, committed as budget.json, and the check of a
 * build against it. Pure functions (no file system), so the gate's verdicts are tested without a build.
 */

/** The targets, printed beside the budget: where the figures must get to. */
export const TARGETS = { homeBytes: 100 * 1024, routeChunkBytes: 35 * 1024, islandPageBytes: 90 * 1024 };

/** Room for an honest small change without touching the budget: 2 %, at least 256 bytes. */
export function withMargin(bytes) {
  return bytes + Math.max(256, Math.ceil(bytes * 0.02));
}

/** A budget for the measured figures (`measureBuild` of sizes.mjs). */
export function budgetFrom(figures) {
  const routes = {};
  for (const name of Object.keys(figures.routes).sort()) routes[name] = withMargin(figures.routes[name]);
  return {
    comment:
      'Gzip (level 9) bytes of the portal build: measured figures plus 2 % (at least 256 B). ' +
      'Checked by tools/bench/bundle-size/gate.mjs in npm test; rewrite with `npm run bench:bundle-gate -- --update`.',
    home: {
      budget: withMargin(figures.home.total),
      measured: figures.home.total,
      files: figures.home.files,
      ...(figures.home.afterLoad !== undefined && {
        afterLoad: { budget: withMargin(figures.home.afterLoad), measured: figures.home.afterLoad },
      }),
    },
    ...(figures.islands && { islands: withMargins(figures.islands) }),
    // An islands page's margin stops at the target: growing past 90 kB fails even within 2 %.
    ...(figures.pages && { pages: withMargins(figures.pages, TARGETS.islandPageBytes) }),
    routes,
  };
}

/**
 * `{ name: { budget, measured } }` of `{ name: bytes }`, by name; with `cap`, no budget above it but for a figure
 * already past it (held to itself plus the margin).
 */
function withMargins(figures, cap = Infinity) {
  const budgets = {};
  for (const name of Object.keys(figures).sort()) {
    const bytes = figures[name];
    budgets[name] = {
      budget: bytes > cap ? withMargin(bytes) : Math.min(withMargin(bytes), cap),
      measured: bytes,
    };
  }
  return budgets;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const signed = (bytes) => `${bytes >= 0 ? '+' : '−'}${kb(Math.abs(bytes))}`;

/**
 * Compares a build with the budget. Returns `{ failures, lines }`: a failure for each figure over its budget
 * (a new route chunk is held to the route target), and the lines of the report — every figure beside its
 * budget and target, and for the home what grew, file by file, against the figures the budget was made from.
 */
export function checkBudget(figures, budget) {
  const failures = [];
  const lines = [];
  const home = figures.home.total;
  const homeOver = home > budget.home.budget;
  lines.push(
    `guest home before load: ${kb(home)} (budget ${kb(budget.home.budget)}, target ≤ ${kb(TARGETS.homeBytes)})` +
      `${homeOver ? '  OVER BUDGET' : ''}${home > TARGETS.homeBytes ? '  (above target)' : ''}`,
  );
  if (figures.home.brotli !== undefined)
    lines.push(`  on the wire (brotli, as the api serves it): ${kb(figures.home.brotli)}`);
  const names = new Set([...Object.keys(figures.home.files), ...Object.keys(budget.home.files ?? {})]);
  for (const name of [...names].sort()) {
    const now = figures.home.files[name];
    const then = budget.home.files?.[name];
    if (now === then) continue;
    if (then === undefined) lines.push(`  new in the home's load: ${name} ${kb(now)}`);
    else if (now === undefined) lines.push(`  gone from the home's load: ${name} (was ${kb(then)})`);
    else lines.push(`  ${name}: ${kb(then)} → ${kb(now)} (${signed(now - then)})`);
  }
  if (homeOver) {
    failures.push(
      `the guest home's JavaScript grew by ${signed(home - budget.home.measured)} to ${kb(home)}`,
    );
  }
  const afterLoad = figures.home.afterLoad;
  const afterLoadBudget = budget.home.afterLoad;
  if (afterLoad !== undefined && afterLoadBudget !== undefined) {
    const over = afterLoad > afterLoadBudget.budget;
    lines.push(
      `guest home after load, to take the rendered page over: ${kb(afterLoad)} (budget ${kb(afterLoadBudget.budget)})` +
        `${over ? '  OVER BUDGET' : ''}`,
    );
    if (over) {
      failures.push(
        `what the guest home loads after load grew by ${signed(afterLoad - afterLoadBudget.measured)} to ${kb(afterLoad)}`,
      );
    }
  }

  checkNamed(figures.islands, budget.islands, {
    heading: 'islands, what each adds to a page that has it (beside the header, with the islands entry):',
    what: (name) => `island ${name}`,
    lines,
    failures,
  });
  checkNamed(figures.pages, budget.pages, {
    heading: `guest pages taken over by islands, all their JavaScript (target ≤ ${kb(TARGETS.islandPageBytes)}):`,
    what: (path) => `all of ${path}'s JavaScript`,
    target: TARGETS.islandPageBytes,
    lines,
    failures,
  });

  lines.push(`route chunks (budget, target ≤ ${kb(TARGETS.routeChunkBytes)} each):`);
  for (const [name, bytes] of Object.entries(figures.routes).sort(([a], [b]) => a.localeCompare(b))) {
    const limit = budget.routes[name] ?? TARGETS.routeChunkBytes;
    const over = bytes > limit;
    const note =
      budget.routes[name] === undefined
        ? ' (new: held to the target)'
        : over
          ? `  OVER BUDGET by ${kb(bytes - limit)}`
          : '';
    lines.push(`  ${name.padEnd(72)} ${kb(bytes).padStart(9)}  budget ${kb(limit).padStart(9)}${note}`);
    if (over)
      failures.push(
        `route chunk ${name} is ${kb(bytes)}, over its budget of ${kb(limit)} by ${kb(bytes - limit)}`,
      );
  }
  for (const name of Object.keys(budget.routes)) {
    if (figures.routes[name] === undefined) lines.push(`  gone: ${name}`);
  }
  return { failures, lines };
}

/**
 * Figures by name against their budgets (`{ name: { budget, measured } }`): a line each, and a failure for one
 * over its budget; a name the budget lacks is held to `target`, when there is one.
 */
function checkNamed(figures, budgets, { heading, what, target, lines, failures }) {
  if (figures === undefined) return;
  lines.push(heading);
  for (const [name, bytes] of Object.entries(figures).sort(([a], [b]) => a.localeCompare(b))) {
    const entry = budgets?.[name];
    const limit = entry?.budget ?? target;
    const over = limit !== undefined && bytes > limit;
    const note = entry === undefined ? ' (new)' : over ? '  OVER BUDGET' : '';
    const beyond = target !== undefined && bytes > target ? '  (above target)' : '';
    lines.push(
      `  ${name.padEnd(40)} ${kb(bytes).padStart(9)}  budget ${(limit === undefined ? '—' : kb(limit)).padStart(9)}${note}${beyond}`,
    );
    if (over) {
      failures.push(
        entry === undefined
          ? `${what(name)} is ${kb(bytes)}, over the target of ${kb(limit)}`
          : `${what(name)} grew by ${signed(bytes - entry.measured)} to ${kb(bytes)}, over its budget of ${kb(limit)}`,
      );
    }
  }
}
