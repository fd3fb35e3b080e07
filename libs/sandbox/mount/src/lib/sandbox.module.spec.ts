import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplication } from '@nestjs/common';
import { SmsOutboxService } from '@fed/sandbox-sms';
import { SandboxModule } from '../index';

describe('SandboxModule', () => {
  let app: INestApplication;
  let dataDir: string;
  const token = 'sandbox-module-token-0123456789';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sandbox-module-'));
    const moduleRef = await Test.createTestingModule({
      imports: [
        SandboxModule.forRoot({
          dataDir,
          platform: { token, seed: 'demo', demoSize: { clubs: 2, athletes: 10, competitions: 4 } },
          dadata: {},
          sms: {},
        }),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mounts the platform twin under /sandbox/elma', async () => {
    const answer = await request(app.getHttpServer())
      .get(`/sandbox/elma/api/extensions/${sandboxPublicConfig.extensions.functions}/script/getAgeClasses`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(answer.body.success).toBe(true);
  });

  it('mounts the DaData twin and the SMS outbox beside it, and lends the outbox service', async () => {
    await request(app.getHttpServer())
      .post('/sandbox/dadata/suggestions/api/4_1/rs/suggest/address')
      .set('Authorization', 'Token sandbox-dadata-api-key')
      .send({ query: 'Моск' })
      .expect(200);
    await request(app.getHttpServer()).get('/sandbox/sms').query({ phone: '+79990000001' }).expect(200);
    expect(app.get(SmsOutboxService)).toBeInstanceOf(SmsOutboxService);
  });
});

describe('SandboxModule with some twins left out', () => {
  it('mounts only the twins it is given options for', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-module-some-'));
    const moduleRef = await Test.createTestingModule({
      imports: [SandboxModule.forRoot({ dataDir, sms: {} })],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      await request(app.getHttpServer()).get('/sandbox/sms').query({ phone: '+79990000001' }).expect(200);
      await request(app.getHttpServer())
        .post('/sandbox/dadata/suggestions/api/4_1/rs/suggest/address')
        .expect(404);
      await request(app.getHttpServer()).post('/sandbox/elma/pub/v1/app/sport/competitions/list').expect(404);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
