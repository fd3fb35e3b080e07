import { addMonths, calendarDayOf, fixedClock, isoDay, systemClock } from '@fed/calendar';
import {
  AGE_OF_MAJORITY,
  competitionDocumentStates,
  federation,
  platformApps,
  requestStates,
} from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAddressDictionary } from '@fed/sandbox-dadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type TwinHarness } from '../testing/twin-harness';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily, demoPhones } from './demo-accounts';
import { DEMO_SEED_SIZE } from './demo-size';

/** The full demo federation, as a fresh sandbox starts with it. */
describe('demo seed', () => {
  let twin: TwinHarness;
  let db: Database.Database;
  // The day it runs on: the demo keeps its promises on any (the runs at named instants check it).
  const now = new Date(systemClock.now());

  beforeAll(async () => {
    twin = await startTwin({ demoSize: DEMO_SEED_SIZE, clock: fixedClock(now) });
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

  it('holds every event at a house the DaData twin suggests, named once, with its point', () => {
    const houses = new Map(
      buildAddressDictionary()
        .filter((place) => place.data.fias_level === '8')
        .map((house) => [house.value, house]),
    );
    const events = db
      .prepare('SELECT data FROM items WHERE app = ?')
      .all(platformApps.competitions)
      .map((row) => JSON.parse((row as { data: string }).data) as Record<string, unknown>);
    for (const event of events) {
      const address = String(event['address']);
      const house = houses.get(address);
      expect(house, address).toBeDefined();
      expect(house?.data.city).toBe(event['gorod']);
      expect(address.split(String(event['gorod'])).length, address).toBe(2);
      expect(event['geo_lat']).toBeCloseTo(Number(house?.data.geo_lat), 3);
      expect(event['geo_lon']).toBeCloseTo(Number(house?.data.geo_lon), 3);
    }
  });

  it('names the federation as the portal does, in its profile and its offer documents', () => {
    const federationProfile = db
      .prepare('SELECT name FROM items WHERE id = ?')
      .get(sandboxPublicConfig.federationProfileId) as { name: string };
    expect(federationProfile.name).toBe(federation.name);
    const disk = join(twin.dataDir, 'platform-files');
    const offers = readdirSync(disk)
      .map((name) => readFileSync(join(disk, name), 'utf8'))
      .filter((text) => text.startsWith('<!doctype html>'));
    expect(offers).toHaveLength(3);
    for (const offer of offers) {
      expect(offer).toContain(federation.legalName);
      expect(offer).not.toContain('Синкэн');
    }
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

  it('fills one upcoming event with registration open to its places limit', () => {
    const full = db
      .prepare(
        `SELECT count(*) AS n FROM items c WHERE c.app = ? AND json_extract(c.data, '$.registration_deadline') > ?
           AND json_extract(c.data, '$.places_limit') > 0
           AND json_extract(c.data, '$.places_limit') <= (
             SELECT count(*) FROM items r WHERE r.app = ? AND json_extract(r.data, '$.competition[0]') = c.id
               AND json_extract(r.data, '$.nomenclature_type') = 'competition'
               AND json_extract(r.data, '$.requestState') NOT IN ('cancelled', 'rejected'))`,
      )
      .get(platformApps.competitions, now.toISOString(), platformApps.requests) as { n: number };
    expect(full.n).toBeGreaterThan(0);
  });

  it('gives every minor but the demo daughter a legal representative and lets some memberships expire', () => {
    // Born after this day: under 18 on today's Moscow day.
    const minorBirth = `${isoDay(addMonths(calendarDayOf(now), -12 * AGE_OF_MAJORITY))}T00:00:00.000Z`;
    const minors = `${kind} AND json_extract(data, '$.date_of_birth') > ?`;
    expect(count(platformApps.sportsman, minors, 'sportsman', minorBirth)).toBeGreaterThan(100);
    expect(
      count(
        platformApps.sportsman,
        `${minors} AND json_extract(data, '$.legal_representative[0]') IS NULL AND id != ?`,
        'sportsman',
        minorBirth,
        demoFamily.childIds[1],
      ),
    ).toBe(0);
    const legalLink = (id: string) =>
      (
        db
          .prepare("SELECT json_extract(data, '$.legal_representative[0]') AS link FROM items WHERE id = ?")
          .get(id) as { link: string | null }
      ).link;
    expect(legalLink(demoFamily.childIds[0])).toEqual(expect.any(String));
    expect(legalLink(demoFamily.childIds[1])).toBeNull();
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

  const field = (id: string, path: string) =>
    (
      db.prepare(`SELECT json_extract(data, ?) AS value FROM items WHERE id = ?`).get(path, id) as {
        value: unknown;
      }
    ).value;

  it('holds the journeys’ events a few weeks ahead with registration open, by the club and the federation', () => {
    const nowIso = now.toISOString();
    const { photoVideoCup, ...open } = demoCompetitions;
    for (const id of Object.values(open)) {
      expect((field(id, '$.date_start') as string) > nowIso, id).toBe(true);
      expect((field(id, '$.registration_deadline') as string) > nowIso, id).toBe(true);
    }
    // The photo/video cup is ahead with registration closed: its entries are made, none may be added.
    expect((field(photoVideoCup, '$.date_start') as string) > nowIso).toBe(true);
    expect((field(photoVideoCup, '$.registration_deadline') as string) < nowIso).toBe(true);
    expect(field(photoVideoCup, '$.photo_video_sale')).toBe(1);
    expect(field(photoVideoCup, '$.organizer[0]')).toBe(demoClub.organizationId);
    const sonEntries = count(
      platformApps.requests,
      "json_extract(data, '$.competition[0]') = ? AND json_extract(data, '$.sportsman[0]') = ?",
      photoVideoCup,
      demoFamily.childIds[0],
    );
    expect(sonEntries).toBe(1);
    expect(field(demoCompetitions.clubOpen, '$.organizer[0]')).toBe(demoClub.organizationId);
    expect(field(demoCompetitions.clubChildren, '$.organizer[0]')).toBe(demoClub.organizationId);
    expect(field(demoCompetitions.federationCup, '$.organizer[0]')).toBe(
      sandboxPublicConfig.federationProfileId,
    );
    const programs = (competitionId: string, gendered: boolean) =>
      count(
        platformApps.programs,
        "json_extract(data, '$.competition[0]') = ? AND json_extract(data, '$.program_type.gender') = ?",
        competitionId,
        gendered ? 1 : 0,
      );
    for (const id of [demoCompetitions.clubOpen, demoCompetitions.federationCup]) {
      expect(programs(id, true)).toBeGreaterThan(0);
      expect(programs(id, false)).toBeGreaterThan(0);
    }
    const poster = field(demoCompetitions.clubOpen, '$.poster[0]') as string;
    const file = db.prepare('SELECT mime_type FROM files WHERE id = ?').get(poster) as { mime_type: string };
    expect(file.mime_type).toBe('image/png');
  });

  it('gives the club’s open tournament requests to review and documents in every review state', () => {
    const onEvent = "json_extract(data, '$.competition[0]') = ?";
    for (const state of ['new', 'under_review']) {
      expect(
        count(
          platformApps.requests,
          `${onEvent} AND json_extract(data, '$.requestState') = ?`,
          demoCompetitions.clubOpen,
          state,
        ),
        state,
      ).toBeGreaterThanOrEqual(2);
    }
    for (const state of competitionDocumentStates) {
      expect(
        count(
          platformApps.competitionDocuments,
          `${onEvent} AND json_extract(data, '$.state') = ?`,
          demoCompetitions.clubOpen,
          state,
        ),
        state,
      ).toBe(1);
    }
    const { photoVideoCup: _entered, ...toEnter } = demoCompetitions;
    const family = count(
      platformApps.requests,
      `${onEvent.replace('= ?', 'IN (?, ?, ?)')} AND json_extract(data, '$.sportsman[0]') IN (?, ?, ?)`,
      ...Object.values(toEnter),
      demoFamily.parentId,
      ...demoFamily.childIds,
    );
    expect(family).toBe(0);
  });
});
