import {
  elmaItemAnswerSchema,
  elmaListAnswerSchema,
  elmaRunProcessAnswerSchema,
  elmaUploadAnswerSchema,
  platformApps,
  platformScripts,
} from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from './core/migrations';
import { demoFamily } from './seed/demo-accounts';
import { startTwin, TEST_TOKEN, type TwinHarness } from './testing/twin-harness';

const base = '/sandbox/elma';
const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
const requestsModule = sandboxPublicConfig.extensions.requests;

describe('ELMA twin: persistence', () => {
  let twin: TwinHarness | undefined;
  afterAll(async () => {
    await twin?.dispose();
  });

  it('keeps every write across a restart over the same SQLite file, and seeds only once', async () => {
    twin = await startTwin();
    const http = () => request((twin as TwinHarness).app.getHttpServer());
    const dataDir = twin.dataDir;
    const countBefore = elmaListAnswerSchema.parse(
      (
        await http()
          .post(`${base}/pub/v1/app/sport/${platformApps.sportsman}/list`)
          .set(auth)
          .send({ size: 1 })
          .expect(200)
      ).body,
    ).result.total;

    const created = elmaRunProcessAnswerSchema.parse(
      (
        await http()
          .post(`${base}/pub/v1/bpm/template/sport/create_sportsman/run`)
          .set(auth)
          .send({
            context: {
              fio: { lastname: 'Постоянов', firstname: 'Антон', middlename: 'Юрьевич' },
              date_of_birth: '2001-02-03',
              gorod: 'Казань',
              gender: 'male',
            },
          })
          .expect(200)
      ).body,
    ).context['recordId'] as string;
    await http()
      .post(`${base}/pub/v1/app/sport/${platformApps.sportsman}/${created}/update`)
      .set(auth)
      .send({ context: { coach: 'Тренеров Т. Т.' } })
      .expect(200);
    const ageClass = elmaItemAnswerSchema.parse(
      (
        await http()
          .post(`${base}/pub/v1/app/sport/${platformApps.ageClasses}/create`)
          .set(auth)
          .send({ context: { __name: 'Удаляемый', code: 'gone', nazvanie: 'Удаляемый', sortirovka: 77 } })
          .expect(200)
      ).body,
    ).item;
    await http()
      .post(`${base}/pub/v1/app/sport/${platformApps.ageClasses}/${ageClass.__id}/update`)
      .set(auth)
      .send({ context: { __deletedAt: '2026-01-01T00:00:00Z' } })
      .expect(200);
    const mine = platformScripts.getMyRequestList.output.parse(
      (
        await http()
          .get(`${base}/api/extensions/${requestsModule}/script/getMyRequestList`)
          .set(auth)
          .query({
            data: JSON.stringify({ sportsmanID: demoFamily.parentId, nomenclature_type: 'competition' }),
          })
          .expect(200)
      ).body,
    );
    const fresh = mine.result.find((entry) => entry.requestState === 'new');
    expect(fresh).toBeDefined();
    await http()
      .post(`${base}/api/extensions/${requestsModule}/script/changeCompetitionRequestState`)
      .set(auth)
      .send({ requestId: fresh?.__id, requestState: 'under_review' })
      .expect(200);
    const file = elmaUploadAnswerSchema.parse(
      (
        await http()
          .post(`${base}/pub/v1/disk/directory/root/upload`)
          .set(auth)
          .attach('file', Buffer.from('содержимое'), { filename: 'doc.txt', contentType: 'text/plain' })
          .expect(200)
      ).body,
    ).file;
    await twin.close();

    twin = await startTwin({ dataDir });
    const again = () => request((twin as TwinHarness).app.getHttpServer());
    const athlete = elmaItemAnswerSchema.parse(
      (
        await again()
          .get(`${base}/pub/v1/app/sport/${platformApps.sportsman}/${created}/get`)
          .set(auth)
          .expect(200)
      ).body,
    ).item;
    expect(athlete.__name).toBe('Постоянов Антон Юрьевич');
    expect(athlete['coach']).toBe('Тренеров Т. Т.');
    const deleted = elmaListAnswerSchema.parse(
      (
        await again()
          .post(`${base}/pub/v1/app/sport/${platformApps.ageClasses}/list`)
          .set(auth)
          .send({ active: false, filter: { tf: { code: 'gone' } } })
          .expect(200)
      ).body,
    ).result.result;
    expect(deleted[0]?.['__deletedAt']).toBe('2026-01-01T00:00:00.000Z');
    const changed = elmaItemAnswerSchema.parse(
      (
        await again()
          .get(`${base}/pub/v1/app/sport/${platformApps.requests}/${fresh?.__id}/get`)
          .set(auth)
          .expect(200)
      ).body,
    ).item;
    expect(changed['requestState']).toBe('under_review');
    const link = (
      await again().post(`${base}/pub/v1/disk/file/${file.__id}/get-link`).set(auth).send({}).expect(200)
    ).body as { Link: string };
    const url = new URL(link.Link);
    expect((await again().get(`${url.pathname}${url.search}`).expect(200)).text).toBe('содержимое');
    const countAfter = elmaListAnswerSchema.parse(
      (
        await again()
          .post(`${base}/pub/v1/app/sport/${platformApps.sportsman}/list`)
          .set(auth)
          .send({ size: 1 })
          .expect(200)
      ).body,
    ).result.total;
    expect(countAfter).toBe(countBefore + 1);
    await twin.close();

    const db = new Database(join(dataDir, 'platform.sqlite'), { readonly: true });
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{
      version: number;
    }>;
    db.close();
    expect(versions.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
  });

  it('answers 429 when processes start faster than allowed', async () => {
    const limited = await startTwin({ processStartsPerMinute: 2, seed: 'none' });
    const http = () => request(limited.app.getHttpServer());
    const start = () =>
      http()
        .post(`${base}/pub/v1/bpm/template/sport/create_sportsman/run`)
        .set(auth)
        .send({
          context: {
            fio: { lastname: 'Быстров', firstname: 'Ян', middlename: '' },
            date_of_birth: '2000-01-01',
            gorod: 'Омск',
            gender: 'male',
          },
        });
    await start().expect(200);
    await start().expect(200);
    const refused = await start().expect(429);
    expect(refused.body).toMatchObject({ success: false });
    await limited.dispose();
  });
});
