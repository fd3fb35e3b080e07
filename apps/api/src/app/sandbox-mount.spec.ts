import type { INestApplication } from '@nestjs/common';
import { sandboxPublicConfig } from '@fed/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/app-config';
import { createApp } from './create-app';

const base: Omit<AppConfig, 'portalDistDir'> = {
  nodeEnv: 'test',
  host: '127.0.0.1',
  port: 0,
  logLevel: 'error',
};

describe('api with PLATFORM_URL unset', () => {
  let app: INestApplication;
  let dir: string;
  const token = 'sandbox-mount-token-0123456789';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'api-sandbox-'));
    app = await createApp({
      ...base,
      portalDistDir: dir,
      sandboxDataDir: join(dir, 'sandbox'),
      platform: {
        mode: 'sandbox',
        url: 'http://127.0.0.1:0/sandbox/elma',
        token,
        dataDir: join(dir, 'sandbox'),
        seed: 'demo',
      },
    });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mounts the platform twin under /sandbox/elma with the configured token', async () => {
    const answer = await request(app.getHttpServer())
      .get(`/sandbox/elma/api/extensions/${sandboxPublicConfig.extensions.functions}/script/getOfferDocument`)
      .query({ data: JSON.stringify({ id: sandboxPublicConfig.offerDocumentIds.user }) })
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(answer.body.data.html).toContain('Пользовательское соглашение');
    const refused = await request(app.getHttpServer())
      .post('/sandbox/elma/pub/v1/app/sport/offer/list')
      .set('Authorization', 'Bearer not-the-token')
      .send({})
      .expect(403);
    expect(refused.body).toMatchObject({ success: false });
  });

  it('mounts the file uploads, for signed-in callers only', async () => {
    const answer = await request(app.getHttpServer())
      .post('/api/files?purpose=poster')
      .attach('file', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'poster.jpg')
      .expect(401);
    expect(answer.body).toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });
});

describe('api with PLATFORM_URL set', () => {
  it('mounts no platform twin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-upstream-'));
    const app = await createApp({
      ...base,
      portalDistDir: dir,
      platform: { mode: 'upstream', url: 'https://federation.elma365.ru', token: 'a-real-token-0123456789' },
    });
    const answer = await request(app.getHttpServer())
      .post('/sandbox/elma/pub/v1/app/sport/offer/list')
      .set('Authorization', 'Bearer a-real-token-0123456789')
      .send({});
    expect(answer.status).toBe(404);
    expect(answer.body.success).toBeUndefined();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('api with DADATA_URL unset and the SMS outbox', () => {
  it('mounts the DaData twin and the SMS outbox beside the platform twin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-twins-'));
    const app = await createApp({
      ...base,
      portalDistDir: dir,
      sandboxDataDir: join(dir, 'sandbox'),
      platform: { mode: 'upstream', url: 'https://federation.elma365.ru', token: 'a-real-token-0123456789' },
      upstreams: {
        dadata: { mode: 'sandbox', url: 'http://127.0.0.1:0/sandbox/dadata', token: 'dadata-sandbox-key' },
        sms: { gateway: 'outbox' },
      },
    });
    await request(app.getHttpServer())
      .post('/sandbox/dadata/suggestions/api/4_1/rs/suggest/address')
      .set('Authorization', 'Token dadata-sandbox-key')
      .send({ query: 'Казань' })
      .expect(200);
    await request(app.getHttpServer()).get('/sandbox/sms').query({ phone: '+79990000001' }).expect(200);
    await request(app.getHttpServer()).post('/sandbox/elma/pub/v1/app/sport/offer/list').send({}).expect(404);
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
