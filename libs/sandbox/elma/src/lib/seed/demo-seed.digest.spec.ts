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
  'items.competitionDocuments': '5:65161767a793e70ba16c260fcdf25cc1cc62e0d7f2775d372895cb970a64008d',
  'items.competitions': '51:68c01040ca135caf03c3efaa0c12205afdd464d1a2187f235c826cce5ad8ead4',
  'items.legalRepresentatives': '228:93f28497dae9503478e7061062854b0ceb1f49b6dda215b28bf78d242f6ff212',
  'items.memberships': '305:de19d30c74c2f4769f7141ffff37f648dde577cba26aa26cfb5aacbed83fd656',
  'items.offer': '3:025c0e3979e16d8ba0fd38dfab1c84067b12d8f71bfc82dc5ca99481d75e3c45',
  'items.programs': '495:0af95d5e108ac256d230e3c740a66e635052891c0d317038e2c0e9a2b1e8d0ed',
  'items.requests': '993:25866754e4651c0d6f60870e6975565ccd720a9970273672c14e95294f1e2482',
  'items.sales': '54:3705f12fa83b8ec9c941058308e1f5fac9cee4c71726a085ad71ea2a7b13866e',
  'items.settings': '1:e51dc4efad45027db7457c248ab7bd6ddddfd5962c5d2358e851d8a54d489eb3',
  'items.sportsman': '345:aa33530de20b5c7f3c6ded6a9f00b13b8c2a3ced1e5acecff9f411b37bd7a490',
  meta: 'dd1895df82c6338932ec9ea77cc5e8e0790d840a557a1df42b1730a66598f03e',
};
const SMALL_DEMO_DIGESTS: Record<string, string> = {
  files: '35:1548dafa3fa1fcadb6bc599a2d5ad4ec9169490c983147570518107fd1e71779',
  'items.ageClasses': '10:181e978cc01d51bce2f4b3f403b0180082cbe47f3d249fe1fcd8c66ec7838e1c',
  'items.competitionDocuments': '5:4b35c66a48cf70c6a1a0e7beb59e68cc0fc5cb6b17fddf5b7f699ac48564223f',
  'items.competitions': '17:b4b5e2fd419bca270e0b1b3aea8fa4c0622315d24a3a63680a475894fb3befa1',
  'items.legalRepresentatives': '43:f7e1e135a8a73ebe4fbc2dd3872fd5e981c5b10d84dfeae82ffb78b6b69bbb26',
  'items.memberships': '60:f217382e3a063f6e8d34164ffb5cae6b48aa090448d301527864b9ac61834df8',
  'items.offer': '3:025c0e3979e16d8ba0fd38dfab1c84067b12d8f71bfc82dc5ca99481d75e3c45',
  'items.programs': '183:04d6707436223422b9bb9fb3cf8475bf75c770fc1d5ccb3f0f957dc56e7aaa05',
  'items.requests': '248:8788adf4fb249a03dd47b3bb50644fa74a5e40a323dcd284a1b86f957d14a841',
  'items.sales': '12:2f382334932b562890707c30eb31dc26ea40eea7bbc4563618d73106176614cd',
  'items.settings': '1:2a60e6b3086184cf072be7c02f0dba83ec9b8035e26fffce3725f79f58f365d0',
  'items.sportsman': '65:f286a0158dfb8d9f8f47fbb9a22790943f0274c0ad3bdd6e1c269d25cf367205',
  meta: 'dd1895df82c6338932ec9ea77cc5e8e0790d840a557a1df42b1730a66598f03e',
};
