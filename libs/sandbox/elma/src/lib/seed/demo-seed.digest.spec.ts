import { fixedClock } from '@fed/calendar';
import { platformApps } from '@fed/contracts';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SMALL_DEMO, startTwin } from '../testing/twin-harness';
import { DEMO_SEED_SIZE, type DemoSeedSize } from './demo-size';

/** A fixed clock: the demo federation's dates are all relative to it. */
const NOW = fixedClock('2026-03-14T09:30:00.000Z');

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/**
 * Every table the seed writes, row by row in the order it wrote them, as one digest per app (and for the files,
 * their bodies and the meta table), so a change names the table it touched.
 * Memberships are the one kind of item seeded without an id (the repository draws a random one): their ids are
 * left out, everything else of them counts.
 */
async function seedDigests(size: DemoSeedSize): Promise<Record<string, string>> {
  const twin = await startTwin({ demoSize: size, clock: NOW });
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
 * clock it must write exactly these rows. A deliberate change of the demo data updates the digests here. On
 * another day it writes the same rows but for their dates (`demo-seed.dates.spec.ts`).
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
  files: '132:073288ad9bd1bf70ddc4fc54e5e759fe10b0b27915a01854d05c8489733b06c2',
  'items.ageClasses': '10:da87a2ce4d829cfb7a4b26f3f0e7a2eb5fb88dff763ca7ecc907a4d4b08df20e',
  'items.competitionDocuments': '5:52cfaae7cfe46c149d58426e0f346f212f718d56c7b3b3e6727a474e90d7549b',
  'items.competitions': '52:1ef4c83978f3bece9c5e238a5a8a2c1ea85763dd26fac67707d170966c0ef31b',
  'items.legalRepresentatives': '225:fd18a367d9b27a8765de4dfe83d6eea53333823bafec6b97027db02ed005aae7',
  'items.media': '0:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945',
  'items.memberships': '304:908b3064bb46c2255dd247eb3c2b2f9e699fd4d93c9e813e6577e8b07bc4e556',
  'items.offer': '3:ac34b07e18ad0db0ce43700ae90d1a8e00296e54e058b72da7204eb1bb1c8531',
  'items.programs': '486:61549c9d961238b6dc99737c5c56c21c6a0f35dcc0fd586e41e0768e9bb29dc9',
  'items.requests': '1010:9ce49a4c82eeb2229c5cb0578835e159a1a5bf4e92faea55c096657565abf2f6',
  'items.sales': '50:bb947cd3ede0f1d12a4a9e92500069fe0e694894a3652c0b07aae26882ab423f',
  'items.settings': '1:eafa40fbfd24bae69a1b37c0508ddae6638728fc1ae5beff6b185c8cbb3f0641',
  'items.sportsman': '345:ce66537775bc4b69240b00ac1643934374d8fa8ae06dbf4af1cb8906d7af261a',
  meta: 'dd1895df82c6338932ec9ea77cc5e8e0790d840a557a1df42b1730a66598f03e',
};
const SMALL_DEMO_DIGESTS: Record<string, string> = {
  files: '35:f78f4fb9a5f764fec9d776b94dc088e3c912d7178a78f6d28662da312e34f46e',
  'items.ageClasses': '10:da87a2ce4d829cfb7a4b26f3f0e7a2eb5fb88dff763ca7ecc907a4d4b08df20e',
  'items.competitionDocuments': '5:32b35ebb9041d1cbbb8f744433254f2e2941bcc8d0b7a54aebdec4db1df12a87',
  'items.competitions': '18:bb23d42f576ebfed29a99ca1cf3d9105c70f78627983572bc012343decc649dc',
  'items.legalRepresentatives': '46:1fceb4b04d3e65c9faf2e0717e3cd02b0d341e04e2b642fcb7eceb832ff3cec3',
  'items.media': '0:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945',
  'items.memberships': '57:8773e6b8d79a84252c3990021bc2bb272485a95d1d71d1e3ec80adf0e9024652',
  'items.offer': '3:ac34b07e18ad0db0ce43700ae90d1a8e00296e54e058b72da7204eb1bb1c8531',
  'items.programs': '178:f297d67ea0ffd77effe8cd3ecb5505b0741fbdab75f47961f231f221b4adcb1a',
  'items.requests': '209:16ab29bbdaf824ed59e8365c8ced18150cab9915eaf834de95d9df5f70bccb31',
  'items.sales': '18:6ede4aca0004faa615587910ba336e47f347c8504732ef270c6e7ade1dc720f1',
  'items.settings': '1:a49d0943c85fbbea007d112628fb754cc23f3a729b2e30bd233331ecc643683e',
  'items.sportsman': '65:0d28ed6d031f99faa292e02b1f08ad61662dc6020ffe8495c7ff6db442bdd660',
  meta: 'dd1895df82c6338932ec9ea77cc5e8e0790d840a557a1df42b1730a66598f03e',
};
