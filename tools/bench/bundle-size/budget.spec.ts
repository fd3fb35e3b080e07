import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs of the benchmarks, without types
import { budgetFrom, checkBudget, withMargin } from './budget.mjs';

const figures = {
  home: { total: 3000, files: { 'index.html': 2000, 'src/pages/home-page.tsx': 1000 }, paths: [] },
  routes: { 'src/pages/home-page.tsx': 1000, 'libs/competitions/src/pages/event-page.tsx': 20_000 },
};

describe('the bundle budget', () => {
  it('is today’s figures plus 2 %, at least 256 bytes', () => {
    expect(withMargin(1000)).toBe(1256);
    expect(withMargin(100_000)).toBe(102_000);
    const budget = budgetFrom(figures);
    expect(budget.home).toEqual({ budget: 3256, measured: 3000, files: figures.home.files });
    expect(budget.routes['libs/competitions/src/pages/event-page.tsx']).toBe(20_400);
  });

  it('passes a build within its budget and prints each figure beside its budget and the target', () => {
    const { failures, lines } = checkBudget(figures, budgetFrom(figures));
    expect(failures).toEqual([]);
    expect(lines[0]).toBe('guest home before load: 2.9 kB (budget 3.2 kB, target ≤ 100.0 kB)');
    expect(lines.join('\n')).toContain('target ≤ 35.0 kB each');
  });

  it('fails on the home over its budget and says which file grew and by how much', () => {
    const budget = budgetFrom(figures);
    const grown = {
      ...figures,
      home: { ...figures.home, total: 4024, files: { ...figures.home.files, 'index.html': 3024 } },
    };
    const { failures, lines } = checkBudget(grown, budget);
    expect(failures).toEqual(["the guest home's JavaScript grew by +1.0 kB to 3.9 kB"]);
    expect(lines).toContain('  index.html: 2.0 kB → 3.0 kB (+1.0 kB)');
    expect(lines[0]).toContain('OVER BUDGET');
  });

  it('fails on what the home loads after load, to take the rendered page over, growing past its budget', () => {
    const withAfterLoad = { ...figures, home: { ...figures.home, afterLoad: 50_000 } };
    const budget = budgetFrom(withAfterLoad);
    expect(budget.home.afterLoad).toEqual({ budget: 51_000, measured: 50_000 });
    expect(checkBudget(withAfterLoad, budget).lines).toContain(
      'guest home after load, to take the rendered page over: 48.8 kB (budget 49.8 kB)',
    );
    const grown = { ...withAfterLoad, home: { ...withAfterLoad.home, afterLoad: 52_000 } };
    expect(checkBudget(grown, budget).failures).toEqual([
      'what the guest home loads after load grew by +2.0 kB to 50.8 kB',
    ]);
  });

  it('fails on a route chunk over its budget; a new chunk is held to the target', () => {
    const budget = budgetFrom(figures);
    const grown = {
      ...figures,
      routes: {
        ...figures.routes,
        'libs/competitions/src/pages/event-page.tsx': 21_000,
        'libs/membership/src/pages/new-page.tsx': 36 * 1024,
        'libs/membership/src/pages/small-page.tsx': 2048,
      },
    };
    const { failures } = checkBudget(grown, budget);
    expect(failures).toEqual([
      'route chunk libs/competitions/src/pages/event-page.tsx is 20.5 kB, over its budget of 19.9 kB by 0.6 kB',
      'route chunk libs/membership/src/pages/new-page.tsx is 36.0 kB, over its budget of 35.0 kB by 1.0 kB',
    ]);
  });
});

describe('the islands in the bundle budget', () => {
  const withIslands = {
    ...figures,
    islands: { 'events-filters': 14_000, 'event-calendar': 3000 },
    pages: { '/': 75_000, '/competitions': 89_000 },
  };

  it('keeps each island and each island page at its figure plus the margin', () => {
    const budget = budgetFrom(withIslands);
    expect(budget.islands).toEqual({
      'event-calendar': { budget: 3256, measured: 3000 },
      'events-filters': { budget: 14_280, measured: 14_000 },
    });
    expect(budget.pages['/competitions']).toEqual({ budget: 90_780, measured: 89_000 });
    const { failures, lines } = checkBudget(withIslands, budget);
    expect(failures).toEqual([]);
    expect(lines).toContain('guest pages taken over by islands, all their JavaScript (target ≤ 90.0 kB):');
    expect(lines.join('\n')).toMatch(/ {2}events-filters +13\.7 kB {2}budget +13\.9 kB/);
  });

  it('fails on an island or a page grown past its budget, and holds a new page to the target', () => {
    const budget = budgetFrom(withIslands);
    const grown = {
      ...withIslands,
      islands: { ...withIslands.islands, 'events-filters': 15_000 },
      pages: { ...withIslands.pages, '/sportsmen': 93_000 },
    };
    expect(checkBudget(grown, budget).failures).toEqual([
      'island events-filters grew by +1.0 kB to 14.6 kB, over its budget of 13.9 kB',
      "all of /sportsmen's JavaScript is 90.8 kB, over the target of 90.0 kB",
    ]);
  });

  it('stops an islands page’s margin at the 90 kB target, but for a page already past it', () => {
    const budget = budgetFrom({ ...withIslands, pages: { '/fk': 91_500, '/heavy': 95_000 } });
    expect(budget.pages['/fk']).toEqual({ budget: 92_160, measured: 91_500 });
    expect(budget.pages['/heavy']).toEqual({ budget: 96_900, measured: 95_000 });
  });
});
