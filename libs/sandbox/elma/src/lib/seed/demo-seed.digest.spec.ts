import { platformApps } from '@fed/contracts';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SMALL_DEMO, startTwin } from '../testing/twin-harness';
import { DEMO_SEED_SIZE, type DemoSeedSize } from './demo-size';

/** A fixed clock: the demo federation's dates are all relative to it. */
const NOW = new Date('2026-03-14T09:30:00.000Z');

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/**
 * Every table the seed writes, row by row in the order it wrote them, as one digest per app (and for the files,
 * their bodies and the meta table), so a change names the table it touched.
 * Memberships are the one kind of item seeded without an id (the repository draws a random one): their ids are
 * left out, everything else of them counts.
 */
async function seedDigests(size: DemoSeedSize): Promise<Record<string, string>> {
  const twin = await startTwin({ demoSize: size, now: () => NOW });
  await twin.close();
  const db = new Database(join(twin.dataDir, 'platform.sqlite'), { readonly: true });
  try {
    const digests: Record<string, string> = {};
    for (const [key, app] of Object.entries(platformApps).sort(([a], [b]) => a.localeCompare(b))) {
      const rows = db
        .prepare(
          'SELECT seq, id, name, data, search, created_at, updated_at, deleted_at FROM items WHERE app = ? ORDER BY seq',
        )
        .all(app) as Array<Record<string, unknown>>;
      const kept = rows.map((row) => (app === platformApps.memberships ? { ...row, id: null } : row));
      digests[`items.${key}`] = `${rows.length}:${sha256(JSON.stringify(kept))}`;
    }
    const files = db.prepare('SELECT * FROM files ORDER BY id').all() as Array<{ id: string }>;
    const bodies = files.map((file) => sha256(readFileSync(join(twin.dataDir, 'platform-files', file.id))));
    digests['files'] = `${files.length}:${sha256(JSON.stringify({ files, bodies }))}`;
    digests['meta'] = sha256(JSON.stringify(db.prepare('SELECT * FROM meta ORDER BY key').all()));
    return digests;
  } finally {
    db.close();
    await twin.dispose();
  }
}

/**
 * The demo seed is what the journeys stand on (fixed ids, who may enter what, which requests exist): for a given
 * clock it must write exactly these rows. A deliberate change of the demo data updates the digests here.
 */
describe('demo seed output', () => {
  it('writes exactly the same rows at the full demo size', async () => {
    expect(await seedDigests(DEMO_SEED_SIZE)).toEqual(FULL_DEMO_DIGESTS);
  });

  it('writes exactly the same rows at the tests’ small size', async () => {
    expect(await seedDigests(SMALL_DEMO)).toEqual(SMALL_DEMO_DIGESTS);
  });
});

// Row count and SHA-256 of each table as the seed wrote it, at 2026-03-14T09:30:00Z.
const FULL_DEMO_DIGESTS: Record<string, string> = {
  files: '132:154c2f1fc03603661bfbf496fd3b319538b46f81bac625599105ffee14e3e990',
  'items.ageClasses': '10:181e978cc01d51bce2f4b3f403b0180082cbe47f3d249fe1fcd8c66ec7838e1c',
  'items.competitionDocuments': '5:693158a06a9e6c3e84380f7902366b0eccb079c75ce3ef42d8b65054adaa6580',
  'items.competitions': '52:6653ba3f6d6050d0cb682d389488b57bcdf8421eaee1ead0024cf1b3aa103e4c',
  'items.legalRepresentatives': '228:93f28497dae9503478e7061062854b0ceb1f49b6dda215b28bf78d242f6ff212',
  'items.media': '0:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945',
  'items.memberships': '305:ed08dfc89fdbf862dcdc43620c95376ae6dbd4ea6cb69fc8f7cf48ec9132268e',
  'items.offer': '3:025c0e3979e16d8ba0fd38dfab1c84067b12d8f71bfc82dc5ca99481d75e3c45',
  'items.programs': '498:d6e34239adb9b584e99453a0d40d1fd33b1fda27e8b4769ae84d4fc16155422c',
  'items.requests': '999:9ecaf7f8567fb849a785280387ef59175ac15609fc4bb17aeb5a83afddcd0a9d',
  'items.sales': '54:c03bf7af5e476175a21311e33046e5a07b610a10f19d79b9a3142c982ffd4d66',
  'items.settings': '1:e793f6ab1e0b03c7e412b36c1d5a159597512a3a6488f746a4634cb4352c6145',
  'items.sportsman': '345:e750c28800d46913b0c660e8417f2a1ca6b8cb094e5dbbb3dc7028d836d65df9',
  meta: 'dd1895df82c6338932ec9ea77cc5e8e0790d840a557a1df42b1730a66598f03e',
};
const SMALL_DEMO_DIGESTS: Record<string, string> = {
  files: '35:1548dafa3fa1fcadb6bc599a2d5ad4ec9169490c983147570518107fd1e71779',
  'items.ageClasses': '10:181e978cc01d51bce2f4b3f403b0180082cbe47f3d249fe1fcd8c66ec7838e1c',
  'items.competitionDocuments': '5:5f62de42e21093af712c6dcf54cdd9c56f90ff9a18a8e78cb02c3654240d94b2',
  'items.competitions': '18:97bfc4fdb74675f9609680b36e53651bef59faa60ca8442f16ba0a1a62ac78e4',
  'items.legalRepresentatives': '43:f7e1e135a8a73ebe4fbc2dd3872fd5e981c5b10d84dfeae82ffb78b6b69bbb26',
  'items.media': '0:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945',
  'items.memberships': '60:8b1bf7dfb3210e0d9f8e55228139e1e691326e99e7e576625cf95ad00a15391e',
  'items.offer': '3:025c0e3979e16d8ba0fd38dfab1c84067b12d8f71bfc82dc5ca99481d75e3c45',
  'items.programs': '186:8c421dcbeed4ebca8d4fdb840154cd9e8ea49d947ed48defdd75f8bebe2f18e6',
  'items.requests': '253:f0bf9d56ad002013ee4b09e7924e377a1954e85824d3a804dd8d94e0314c3dfb',
  'items.sales': '12:9ce095e4556a458fe8d7a876ab1e6c3a771934c3b4fbc46ae2c7b5c4a6face8a',
  'items.settings': '1:87438e163da4bdb6729865e02122deffac5acd16c4d4fb3bac1903b47113e26a',
  'items.sportsman': '65:b6d875529fbf68bb2b2e4081ce078ec797d9c8577523887253d86144b57084f8',
  meta: 'dd1895df82c6338932ec9ea77cc5e8e0790d840a557a1df42b1730a66598f03e',
};
