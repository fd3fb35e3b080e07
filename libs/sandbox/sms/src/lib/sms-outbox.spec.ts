import { Logger, type INestApplication, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maskPhone, normalizePhone, SmsOutboxModule, SmsOutboxService } from './sms-outbox.module';

const API_ID = 'outbox-spec-api-id';
const PHONE = '+79001234567';

class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  log(message: unknown, ...rest: unknown[]): void {
    this.lines.push([message, ...rest].map(String).join(' '));
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.log(message, ...rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.log(message, ...rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.log(message, ...rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.log(message, ...rest);
  }
}

async function startOutbox(
  dataDir: string,
  logger: LoggerService | false = false,
): Promise<INestApplication> {
  const app = await NestFactory.create(SmsOutboxModule.forRoot({ dataDir, smsRuApiId: API_ID }), { logger });
  await app.init();
  return app;
}

describe('SMS outbox', () => {
  let dataDir: string;
  let app: INestApplication;
  const logs = new CapturingLogger();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sms-outbox-'));
    app = await startOutbox(dataDir, logs);
    Logger.overrideLogger(logs);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the messages to a number newest first and picks out the code', async () => {
    const outbox = app.get(SmsOutboxService);
    outbox.add({ phone: PHONE, text: 'Код подтверждения: 111111.', channel: 'outbox' }, 1_000);
    outbox.add({ phone: '+7 (900) 123-45-67', text: 'Код подтверждения: 222222.', channel: 'outbox' }, 2_000);
    outbox.add({ phone: '+79009999999', text: 'Код подтверждения: 333333.', channel: 'outbox' }, 3_000);

    const list = await request(app.getHttpServer()).get('/sandbox/sms').query({ phone: PHONE }).expect(200);
    expect(list.body.phone).toBe(PHONE);
    expect(list.body.messages.map((message: { code: string }) => message.code)).toEqual(['222222', '111111']);
    expect(list.body.messages[0]).toMatchObject({
      phone: PHONE,
      text: 'Код подтверждения: 222222.',
      channel: 'outbox',
      createdAt: new Date(2_000).toISOString(),
    });

    const latest = await request(app.getHttpServer())
      .get('/sandbox/sms/latest')
      .query({ phone: PHONE })
      .expect(200);
    expect(latest.body).toMatchObject({ code: '222222', phone: PHONE });
  });

  it('reads a number whose + arrived as a space, and refuses a request without a number', async () => {
    const latest = await request(app.getHttpServer())
      .get('/sandbox/sms/latest?phone=+79001234567')
      .expect(200);
    expect(latest.body.phone).toBe(PHONE);
    await request(app.getHttpServer()).get('/sandbox/sms').expect(400);
    await request(app.getHttpServer())
      .get('/sandbox/sms/latest')
      .query({ phone: '+79990000000' })
      .expect(404);
  });

  it('speaks SMS.ru sms/send with json=1 and lands the message in the same outbox', async () => {
    const response = await request(app.getHttpServer())
      .post('/sandbox/sms/smsru/sms/send')
      .type('form')
      .send({
        api_id: API_ID,
        to: '79001234567,123',
        msg: 'Код подтверждения: 444444.',
        json: '1',
        from: 'FED',
      })
      .expect(200);
    expect(response.body).toMatchObject({
      status: 'OK',
      status_code: 100,
      balance: expect.any(Number),
      sms: {
        '79001234567': { status: 'OK', status_code: 100, sms_id: expect.stringMatching(/^000000-\d{8}$/) },
        '123': { status: 'ERROR', status_code: 202, status_text: expect.any(String) },
      },
    });
    const latest = await request(app.getHttpServer())
      .get('/sandbox/sms/latest')
      .query({ phone: PHONE })
      .expect(200);
    expect(latest.body).toMatchObject({ code: '444444', channel: 'smsru', sender: 'FED' });
    expect(latest.body.id).toBe(response.body.sms['79001234567'].sms_id);
  });

  it('answers SMS.ru errors with HTTP 200 and a status code, and the plain format without json=1', async () => {
    const badKey = await request(app.getHttpServer())
      .post('/sandbox/sms/smsru/sms/send')
      .type('form')
      .send({ api_id: 'wrong', to: '79001234567', msg: 'x', json: '1' })
      .expect(200);
    expect(badKey.body).toEqual({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' });

    const noText = await request(app.getHttpServer())
      .get('/sandbox/sms/smsru/sms/send')
      .query({ api_id: API_ID, to: '79001234567', msg: '', json: 1 })
      .expect(200);
    expect(noText.body).toMatchObject({ status: 'ERROR', status_code: 203 });

    const tooLong = await request(app.getHttpServer())
      .post('/sandbox/sms/smsru/sms/send')
      .type('form')
      .send({ api_id: API_ID, to: '79001234567', msg: 'я'.repeat(537), json: '1' })
      .expect(200);
    expect(tooLong.body).toMatchObject({ status: 'ERROR', status_code: 205 });

    const plain = await request(app.getHttpServer())
      .get('/sandbox/sms/smsru/sms/send')
      .query({ api_id: API_ID, to: '79001112233', msg: 'Привет' })
      .expect(200);
    expect(plain.text).toMatch(/^100\n000000-\d{8}\nbalance=\d+\.\d{2}$/);
  });

  it('stores nothing in SMS.ru test mode', async () => {
    await request(app.getHttpServer())
      .post('/sandbox/sms/smsru/sms/send')
      .type('form')
      .send({ api_id: API_ID, to: '79005556677', msg: 'Код 555555', json: '1', test: '1' })
      .expect(200);
    await request(app.getHttpServer())
      .get('/sandbox/sms/latest')
      .query({ phone: '+79005556677' })
      .expect(404);
  });

  it('never logs a text, a code or a full number', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    const all = logs.lines.join('\n');
    for (const secret of ['111111', '222222', '444444', '555555', '79001234567', '9001234567', API_ID]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('SMS outbox over a restart', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps its messages in the same SQLite file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sms-restart-'));
    dirs.push(dataDir);
    const first = await startOutbox(dataDir);
    first.get(SmsOutboxService).add({ phone: PHONE, text: 'Код 777777', channel: 'outbox' });
    await first.close();

    const second = await startOutbox(dataDir);
    try {
      const latest = await request(second.getHttpServer())
        .get('/sandbox/sms/latest')
        .query({ phone: PHONE })
        .expect(200);
      expect(latest.body.code).toBe('777777');
      second.get(SmsOutboxService).add({ phone: PHONE, text: 'Код 888888', channel: 'outbox' });
      const list = await request(second.getHttpServer())
        .get('/sandbox/sms')
        .query({ phone: PHONE })
        .expect(200);
      expect(list.body.messages.map((message: { code: string }) => message.code)).toEqual([
        '888888',
        '777777',
      ]);
    } finally {
      await second.close();
    }
  });
});

describe('phone helpers', () => {
  it('normalizes spellings of a number and masks all but the country digit and the last two', () => {
    expect(normalizePhone('+7 (900) 123-45-67')).toBe(PHONE);
    expect(normalizePhone('79001234567')).toBe(PHONE);
    expect(normalizePhone('12345')).toBeNull();
    expect(maskPhone(PHONE)).toBe('+7********67');
    expect(maskPhone('+375291234567')).toBe('+3*********67');
  });
});
