import { platformApps, requestStates, sandboxPublicConfig } from '@fed/contracts';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type TwinHarness } from '../testing/twin-harness';
import { demoAthleteExpired, demoClub, demoFamily, demoPhones } from './demo-accounts';
import { DEMO_SEED_SIZE } from './demo-size';

/** The full demo federation, as a fresh sandbox starts with it. */
describe('demo seed', () => {
  let twin: TwinHarness;
  let db: Database.Database;
  const now = new Date();

  beforeAll(async () => {
    twin = await startTwin({ demoSize: DEMO_SEED_SIZE, now: () => now });
    await twin.close();
    db = new Database(join(twin.dataDir, 'platform.sqlite'), { readonly: true });
  });
  afterAll(async () => {
    db.close();
    await twin.dispose();
  });

  const count = (app: string, where = '1', ...params: unknown[]) =>
    (
      db.prepare(`SELECT count(*) AS n FROM items WHERE app = ? AND (${where})`).get(app, ...params) as {
        n: number;
      }
    ).n;
  const kind = "json_extract(data, '$.representative_new[0].code') = ?";

  it('holds the promised amounts', () => {
    expect(count(platformApps.sportsman, kind, 'organization')).toBeGreaterThanOrEqual(21);
    expect(count(platformApps.sportsman, kind, 'sportsman')).toBeGreaterThanOrEqual(300);
    expect(count(platformApps.competitions)).toBeGreaterThanOrEqual(40);
    expect(count(platformApps.offer)).toBe(3);
    expect(count(platformApps.ageClasses)).toBeGreaterThanOrEqual(9);
    expect(count(platformApps.sales)).toBeGreaterThan(10);
    expect(count(platformApps.memberships)).toBeGreaterThan(200);
  });

  it('uses the fixed public ids', () => {
    const ids = (app: string) =>
      (db.prepare('SELECT id FROM items WHERE app = ?').all(app) as Array<{ id: string }>).map(
        (row) => row.id,
      );
    expect(ids(platformApps.offer).sort()).toEqual(
      Object.values(sandboxPublicConfig.offerDocumentIds).sort(),
    );
    expect(ids(platformApps.ageClasses)).toContain(sandboxPublicConfig.defaultAgeClassId);
    expect(ids(platformApps.sportsman)).toContain(sandboxPublicConfig.federationProfileId);
    expect(ids(platformApps.sportsman)).toContain(demoClub.organizationId);
  });

  it('has events in the past and ahead, some programs gender-specific and some not', () => {
    const today = now.toISOString();
    expect(
      count(platformApps.competitions, "json_extract(data, '$.date_start') < ?", today),
    ).toBeGreaterThanOrEqual(15);
    expect(
      count(platformApps.competitions, "json_extract(data, '$.date_start') >= ?", today),
    ).toBeGreaterThanOrEqual(15);
    expect(count(platformApps.programs, "json_extract(data, '$.program_type.gender') = 1")).toBeGreaterThan(
      0,
    );
    expect(count(platformApps.programs, "json_extract(data, '$.program_type.gender') = 0")).toBeGreaterThan(
      0,
    );
  });

  it('has requests in every state and sales in every status', () => {
    for (const state of requestStates) {
      expect(
        count(platformApps.requests, "json_extract(data, '$.requestState') = ?", state),
        state,
      ).toBeGreaterThan(0);
    }
    for (const status of ['ordered', 'paid', 'delivered', 'cancelled']) {
      expect(count(platformApps.sales, "json_extract(data, '$.status') = ?", status), status).toBeGreaterThan(
        0,
      );
    }
  });

  it('gives every minor a legal representative and lets some memberships expire', () => {
    const minorBirth = new Date(
      Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()),
    ).toISOString();
    const minors = `${kind} AND json_extract(data, '$.date_of_birth') > ?`;
    expect(count(platformApps.sportsman, minors, 'sportsman', minorBirth)).toBeGreaterThan(100);
    expect(
      count(
        platformApps.sportsman,
        `${minors} AND json_extract(data, '$.legal_representative[0]') IS NULL`,
        'sportsman',
        minorBirth,
      ),
    ).toBe(0);
    expect(
      count(platformApps.sportsman, "json_extract(data, '$.term_membership') < ?", now.toISOString()),
    ).toBeGreaterThan(10);
    const expired = db
      .prepare("SELECT json_extract(data, '$.term_membership') AS term FROM items WHERE id = ?")
      .get(demoAthleteExpired.sportsmanId) as {
      term: string;
    };
    expect(expired.term < now.toISOString()).toBe(true);
  });

  it('binds the demo family phone to a parent and two children', () => {
    const onPhone = db
      .prepare(
        "SELECT items.id FROM items, json_each(items.data, '$.phone') je WHERE app = ? AND json_extract(je.value, '$.tel') = ? ORDER BY items.seq",
      )
      .all(platformApps.sportsman, demoFamily.phone) as Array<{ id: string }>;
    expect(onPhone.map((row) => row.id)).toEqual([demoFamily.parentId, ...demoFamily.childIds]);
    for (const demo of demoPhones) expect(demo.phone).toMatch(/^\+7\d{10}$/);
    const family = count(
      platformApps.requests,
      "json_extract(data, '$.sportsman[0]') IN (?, ?, ?)",
      demoFamily.parentId,
      ...demoFamily.childIds,
    );
    expect(family).toBeGreaterThanOrEqual(5);
  });
});
