import { platformApps, platformScripts } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, TEST_TOKEN, type TwinHarness } from '../testing/twin-harness';

describe('scale seed', () => {
  let twin: TwinHarness;
  beforeAll(async () => {
    twin = await startTwin({ seed: 'scale', scale: { events: 2_000, athletes: 3_000 } });
  });
  afterAll(async () => {
    await twin.dispose();
  });

  it('fills up to the asked sizes and the events list stays indexed', async () => {
    const answer = await request(twin.app.getHttpServer())
      .get(`/sandbox/elma/api/extensions/${sandboxPublicConfig.extensions.functions}/script/getEvents`)
      .set('Authorization', `Bearer ${TEST_TOKEN}`)
      .query({
        data: JSON.stringify({ when: 'upcoming', city: 'Москва', discipline: 'kata', size: 20, from: 20 }),
      })
      .expect(200);
    const events = platformScripts.getEvents.output.parse(answer.body);
    expect(events.total).toBeGreaterThan(20);
    await twin.close();

    const db = new Database(join(twin.dataDir, 'platform.sqlite'), { readonly: true });
    const count = (where: string, ...params: unknown[]) =>
      (db.prepare(`SELECT count(*) AS n FROM items WHERE ${where}`).get(...params) as { n: number }).n;
    expect(count('app = ?', platformApps.competitions)).toBe(2_000);
    expect(
      count(
        "app = ? AND json_extract(data, '$.representative_new[0].code') = 'sportsman'",
        platformApps.sportsman,
      ),
    ).toBe(3_000);
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT id FROM items WHERE items.app = ? AND json_extract(items.data, '$.date_start') >= ? ORDER BY json_extract(items.data, '$.date_start') LIMIT 20",
      )
      .all(platformApps.competitions, new Date().toISOString()) as Array<{ detail: string }>;
    db.close();
    expect(plan.map((row) => row.detail).join(' ')).toMatch(/USING INDEX items_date_start/);
  });
});
