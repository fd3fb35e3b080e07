/**
 * The SMS port against the real sandbox outbox of `@fed/sandbox-sms`: the outbox adapter's round trip
 * through `/sandbox/sms`, and the SMS.ru adapter against the outbox's SMS.ru-protocol endpoint.
 */
import { Logger, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SmsOutboxModule, SmsOutboxService } from '@fed/sandbox-sms';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SmsRuSmsSender } from './sms-ru-sms-sender';
import { SmsModule } from './sms.module';
import { SMS_SENDER, type SmsSender } from './sms-sender';
import { CapturingLogger } from '../testing/capturing-logger';

const PHONE = '+79161234567';
const CODE = '905317';
const TEXT = `Код подтверждения: ${CODE}. Никому его не сообщайте.`;
const API_ID = 'sandbox-spec-api-id';

describe('SMS port over the sandbox outbox', () => {
  const logs = new CapturingLogger();
  let dataDir: string;
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sms-sandbox-'));
    const outbox = SmsOutboxModule.forRoot({ dataDir, smsRuApiId: API_ID });

    @Module({
      imports: [
        outbox,
        SmsModule.forRoot(
          { gateway: 'outbox' },
          { outbox: { imports: [outbox], useExisting: SmsOutboxService } },
        ),
      ],
    })
    class SandboxSmsTestModule {}

    app = await NestFactory.create(SandboxSmsTestModule, { logger: logs });
    await app.listen(0, '127.0.0.1');
    baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  beforeEach(() => {
    Logger.overrideLogger(logs);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends through the outbox adapter and reads the message back at /sandbox/sms', async () => {
    const sender = app.get<SmsSender>(SMS_SENDER);
    const result = await sender.send(PHONE, TEXT);
    expect(result).toMatchObject({ ok: true, gateway: 'outbox' });

    const latest = await request(app.getHttpServer())
      .get('/sandbox/sms/latest')
      .query({ phone: PHONE })
      .expect(200);
    expect(latest.body).toMatchObject({ phone: PHONE, text: TEXT, code: CODE, channel: 'outbox' });
    expect(result.ok && latest.body.id === result.messageId).toBe(true);

    const list = await request(app.getHttpServer()).get('/sandbox/sms').query({ phone: PHONE }).expect(200);
    expect(list.body.messages).toHaveLength(1);
  });

  it('sends through the SMS.ru adapter to the twin, landing in the same outbox', async () => {
    const sender = new SmsRuSmsSender({
      gateway: 'smsru',
      url: `${baseUrl}/sandbox/sms/smsru`,
      apiId: API_ID,
      sender: 'FEDSPORT',
      timeoutMs: 5_000,
    });
    const result = await sender.send('+79160000001', 'Код подтверждения: 246810.');
    expect(result).toMatchObject({
      ok: true,
      gateway: 'smsru',
      messageId: expect.stringMatching(/^000000-\d{8}$/),
    });

    const latest = await request(app.getHttpServer())
      .get('/sandbox/sms/latest')
      .query({ phone: '+79160000001' })
      .expect(200);
    expect(latest.body).toMatchObject({ code: '246810', channel: 'smsru', sender: 'FEDSPORT' });
  });

  it('gets typed failures from the twin: wrong api_id and a too long text', async () => {
    const config = {
      gateway: 'smsru' as const,
      url: `${baseUrl}/sandbox/sms/smsru`,
      sender: null,
      timeoutMs: 5_000,
    };
    const wrongKey = await new SmsRuSmsSender({ ...config, apiId: 'not-the-key' }).send(PHONE, TEXT);
    expect(wrongKey).toEqual({
      ok: false,
      gateway: 'smsru',
      failure: { kind: 'rejected', code: 200, message: 'Неправильный api_id' },
    });
    const tooLong = await new SmsRuSmsSender({ ...config, apiId: API_ID }).send(PHONE, 'я'.repeat(600));
    expect(tooLong).toMatchObject({ ok: false, failure: { kind: 'rejected', code: 205 } });
    const missing = await new SmsRuSmsSender({
      ...config,
      url: `${baseUrl}/sandbox/nowhere`,
      apiId: API_ID,
    }).send(PHONE, TEXT);
    expect(missing).toMatchObject({ ok: false, failure: { kind: 'unavailable', code: 404 } });
  });

  it('a gateway down (the outbox’s fault switch) is `unavailable` to both adapters, and nothing is stored', async () => {
    const outbox = app.get(SmsOutboxService);
    const stored = outbox.list('+79160000002').length;
    outbox.failNext(2);
    const viaOutbox = await app.get<SmsSender>(SMS_SENDER).send('+79160000002', TEXT);
    expect(viaOutbox).toMatchObject({ ok: false, gateway: 'outbox', failure: { kind: 'unavailable' } });
    const viaSmsRu = await new SmsRuSmsSender({
      gateway: 'smsru',
      url: `${baseUrl}/sandbox/sms/smsru`,
      apiId: API_ID,
      sender: null,
      timeoutMs: 5_000,
    }).send('+79160000002', TEXT);
    expect(viaSmsRu).toMatchObject({
      ok: false,
      gateway: 'smsru',
      failure: { kind: 'unavailable', code: 503 },
    });
    expect(outbox.list('+79160000002')).toHaveLength(stored);
    expect(await app.get<SmsSender>(SMS_SENDER).send('+79160000002', TEXT)).toMatchObject({ ok: true });
  });

  it('never logs the code, the text, the full number or the api_id', () => {
    const all = logs.lines.join('\n');
    expect(all).toContain('+7********67');
    for (const secret of [CODE, '246810', PHONE, PHONE.slice(1), '79160000001', API_ID]) {
      expect(all).not.toContain(secret);
    }
  });
});
