import type Database from 'better-sqlite3';
import { platformScripts } from '@fed/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ElmaStore } from './core/elma-store';
import { demoCompetitions, demoFamily } from './seed/demo-accounts';
import { startTwin, type TwinHarness } from './testing/twin-harness';
import { twinCalls } from './testing/twin-calls';

/**
 * What the events list, an event's page and an athlete's eligibility check cost the platform twin: under load
 * they are most of its work. Each statement is compiled once, and no read walks a whole app (every request,
 * every program) to find one event's few.
 */
describe('ELMA twin: the reads behind the event pages', () => {
  let twin: TwinHarness;
  let compile: Database.Database['prepare'];
  const prepared: string[] = [];
  const calls = twinCalls(() => twin);
  const read = (module: Parameters<typeof calls.read>[0], name: string, data: unknown) =>
    calls.read(module, name, data).expect(200);
  const browse = async () => {
    await read('functions', 'getEvents', { when: 'upcoming', size: 20 });
    await read('functions', 'getEventById', { id: demoCompetitions.clubOpen });
    await read('functions', 'getEventPrograms', { eventId: demoCompetitions.clubOpen });
    const answer = await read('application', 'getApplicationEligibility', {
      sportsmanId: demoFamily.parentId,
      competitionId: demoCompetitions.clubOpen,
    });
    return platformScripts.getApplicationEligibility.output.parse(answer.body).data;
  };
  /** The plan SQLite makes for `sql` (the values bound do not change it: there are no statistics to read). */
  const planOf = (sql: string) => {
    const unbound = Array.from(sql.matchAll(/\?/g), () => null);
    const rows = compile(`EXPLAIN QUERY PLAN ${sql}`).all(...unbound) as Array<{ detail: string }>;
    return rows.map((row) => row.detail).join('\n');
  };

  beforeAll(async () => {
    twin = await startTwin();
    const { db } = twin.app.get(ElmaStore);
    compile = db.prepare.bind(db);
    vi.spyOn(db, 'prepare').mockImplementation((sql: string) => {
      prepared.push(sql);
      return compile(sql);
    });
    expect((await browse()).programs.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await twin.dispose();
  });

  it('compiles each statement once, however often the pages are read', async () => {
    const first = prepared.length;
    expect(first).toBeGreaterThan(5);
    await browse();
    await browse();
    expect(prepared.slice(first)).toEqual([]);
  });

  it('finds an event’s programs, places taken and an athlete’s entry through indexes that lead to them', () => {
    const linked = prepared.filter((sql) => /'\$\.(competition|sportsman)\[0\]'\) = /.test(sql));
    expect(linked.length).toBeGreaterThan(3);
    for (const sql of linked) {
      // The index of a whole app (by name, by creation time) only orders: the read would go through all of it.
      expect(planOf(sql), sql).not.toMatch(/^SCAN items\b|INDEX items_app_(name|created) \(app=\?\)$/m);
    }
    const places = prepared.find((sql) => sql.includes('INDEXED BY items_live_request_places'));
    expect(planOf(places ?? '')).toMatch(/USING COVERING INDEX items_live_request_places/);
    const entry = prepared.find((sql) => sql.includes('INDEXED BY items_live_athlete_event'));
    expect(planOf(entry ?? '')).toMatch(
      /INDEX items_live_athlete_event \(app=\? AND <expr>=\? AND <expr>=\?\)/,
    );
    const programs = prepared.find(
      (sql) => sql.includes('ORDER BY items.name') && sql.includes('competition[0]'),
    );
    expect(planOf(programs ?? '')).toMatch(/INDEX items_link_competition \(app=\? AND <expr>=\?\)/);
  });
});
