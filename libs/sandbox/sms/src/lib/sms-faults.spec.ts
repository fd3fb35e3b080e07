import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsOutboxModule, SmsOutboxService } from './sms-outbox.module';

const API_ID = 'faults-spec-api-id';
const KEY = 'faults-spec-control-key-0123';
const PHONE = '+79001234567';
const auth = { Authorization: `Bearer ${KEY}` };

async function start(dataDir: string, controlToken?: string): Promise<INestApplication> {
  const app = await NestFactory.create(
    SmsOutboxModule.forRoot({ dataDir, smsRuApiId: API_ID, controlToken }),
    {
      logger: false,
    },
  );
  await app.init();
  return app;
}

describe('SMS gateway fault switch', () => {
  let dataDir: string;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sms-faults-'));
    app = await start(dataDir, KEY);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers only the control key, and refuses a bad switch', async () => {
    await http().get('/sandbox/sms/faults').expect(403);
    await http().post('/sandbox/sms/faults').send({ calls: 1 }).expect(403);
    await http()
      .post('/sandbox/sms/faults')
      .set('Authorization', `Bearer ${API_ID}`)
      .send({ calls: 1 })
      .expect(403);
    await http().delete('/sandbox/sms/faults').expect(403);
    await http().post('/sandbox/sms/faults').set(auth).send({ calls: -1 }).expect(400);
    await http().post('/sandbox/sms/faults').set(auth).send({ calls: 1, kind: 'x' }).expect(400);
    expect((await http().get('/sandbox/sms/faults').set(auth).expect(200)).body).toEqual({ failing: 0 });
  });

  it('refuses the next messages without storing them, on both ways in, then sends again', async () => {
    const outbox = app.get(SmsOutboxService);
    const before = outbox.list(PHONE).length;
    expect((await http().post('/sandbox/sms/faults').set(auth).send({ calls: 2 }).expect(200)).body).toEqual({
      failing: 2,
    });
    expect(() => outbox.add({ phone: PHONE, text: 'Код: 111111', channel: 'outbox' })).toThrow(/down/);
    const refused = await http()
      .post('/sandbox/sms/smsru/sms/send')
      .type('form')
      .send({ api_id: API_ID, to: PHONE.slice(1), msg: 'Код: 222222', json: '1' });
    expect(refused.status).toBe(503);
    expect(outbox.list(PHONE)).toHaveLength(before);
    expect(outbox.add({ phone: PHONE, text: 'Код: 333333', channel: 'outbox' }).id).toBeTruthy();
    expect(outbox.latest(PHONE)?.code).toBe('333333');
  });

  it('DELETE brings the gateway back at once', async () => {
    await http().post('/sandbox/sms/faults').set(auth).send({ calls: 5 }).expect(200);
    expect((await http().delete('/sandbox/sms/faults').set(auth).expect(200)).body).toEqual({ failing: 0 });
    expect(
      app.get(SmsOutboxService).add({ phone: PHONE, text: 'Код: 444444', channel: 'outbox' }).id,
    ).toBeTruthy();
  });

  it('without a control key the switch cannot be used at all', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'sms-faults-'));
    const keyless = await start(otherDir);
    try {
      await request(keyless.getHttpServer()).get('/sandbox/sms/faults').set(auth).expect(403);
      await request(keyless.getHttpServer())
        .post('/sandbox/sms/faults')
        .set(auth)
        .send({ calls: 1 })
        .expect(403);
    } finally {
      await keyless.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
