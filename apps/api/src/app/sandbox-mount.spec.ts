import type { INestApplication } from '@nestjs/common';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxTestConfig, TEST_PLATFORM_TOKEN } from '../config/testing/test-config';
import { createApp } from './create-app';

describe('a sandbox deployment', () => {
  let app: INestApplication;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'api-sandbox-'));
    app = await createApp(sandboxTestConfig(join(dir, 'sandbox'), { portalDistDir: dir, seed: 'demo' }));
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mounts the platform twin under /sandbox/elma with the configured token', async () => {
    const answer = await request(app.getHttpServer())
      .get(`/sandbox/elma/api/extensions/${sandboxPublicConfig.extensions.functions}/script/getOfferDocument`)
      .query({ data: JSON.stringify({ id: sandboxPublicConfig.offerDocumentIds.user }) })
      .set('Authorization', `Bearer ${TEST_PLATFORM_TOKEN}`)
      .expect(200);
    expect(answer.body.data.html).toContain('Пользовательское соглашение');
    const refused = await request(app.getHttpServer())
      .post('/sandbox/elma/pub/v1/app/sport/offer/list')
      .set('Authorization', 'Bearer not-the-token')
      .send({})
      .expect(403);
    expect(refused.body).toMatchObject({ success: false });
  });

  it('mounts the DaData twin and the SMS outbox beside it', async () => {
    await request(app.getHttpServer())
      .post('/sandbox/dadata/suggestions/api/4_1/rs/suggest/address')
      .set('Authorization', 'Token sandbox-dadata-api-key')
      .send({ query: 'Казань' })
      .expect(200);
    await request(app.getHttpServer()).get('/sandbox/sms').query({ phone: '+79990000001' }).expect(200);
  });

  it('lets nobody without the sandbox secret plant a message through the outbox SMS.ru endpoint', async () => {
    const send = (apiId: string) =>
      request(app.getHttpServer())
        .post('/sandbox/sms/smsru/sms/send')
        .type('form')
        .send({ api_id: apiId, to: '79990000009', msg: 'Код 000000', json: '1' })
        .expect(200);
    expect((await send('sandbox-smsru-api-id')).body).toMatchObject({ status: 'ERROR', status_code: 200 });
    expect((await send(TEST_PLATFORM_TOKEN)).body).toMatchObject({ status: 'OK' });
  });

  it('mounts the file uploads, for signed-in callers only', async () => {
    const answer = await request(app.getHttpServer())
      .post('/api/files?purpose=poster')
      .attach('file', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'poster.jpg')
      .expect(401);
    expect(answer.body).toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });
});
