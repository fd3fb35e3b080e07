import { Logger, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboxSmsSender, type SmsOutboxPort } from './outbox-sms-sender';
import { SmsRuSmsSender, type SmsRuConfig } from './sms-ru-sms-sender';
import { SmsModule } from './sms.module';
import { deliveringSmsSender, maskPhone, SMS_SENDER, SmsDeliveryError, type SmsSender } from './sms-sender';
import { CapturingLogger } from '../testing/capturing-logger';

const PHONE = '+79001234567';
const CODE = '482913';
const TEXT = `Код подтверждения: ${CODE}. Никому его не сообщайте.`;
const API_ID = 'secret-api-id-123';

class FakeOutbox implements SmsOutboxPort {
  readonly messages: { phone: string; text: string }[] = [];
  add(message: { phone: string; text: string }): { id: string } {
    this.messages.push({ phone: message.phone, text: message.text });
    return { id: `fake-${this.messages.length}` };
  }
}

const fakeOutbox = new FakeOutbox();

@Module({ providers: [{ provide: FakeOutbox, useValue: fakeOutbox }], exports: [FakeOutbox] })
class FakeOutboxModule {}

function smsRuConfig(overrides: Partial<SmsRuConfig> = {}): SmsRuConfig {
  return {
    gateway: 'smsru',
    url: 'http://gateway.test',
    apiId: API_ID,
    sender: 'FEDSPORT',
    timeoutMs: 2_000,
    ...overrides,
  };
}

function jsonFetch(body: unknown, status = 200, calls: { url: string; body: string }[] = []): typeof fetch {
  return (input, init) => {
    calls.push({ url: String(input), body: String(init?.body ?? '') });
    return Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
}

const logs = new CapturingLogger();

// Nest's testing module installs its own quiet logger on compile; capture again before every test.
beforeEach(() => {
  Logger.overrideLogger(logs);
});

afterEach(() => {
  const all = logs.lines.join('\n');
  for (const secret of [CODE, PHONE, PHONE.slice(1), API_ID]) expect(all).not.toContain(secret);
});

describe('SmsModule adapter choice', () => {
  it('provides the outbox adapter for SMS_GATEWAY=outbox, bound to the given outbox', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        SmsModule.forRoot(
          { gateway: 'outbox' },
          { outbox: { imports: [FakeOutboxModule], useExisting: FakeOutbox } },
        ),
      ],
    }).compile();
    const sender = moduleRef.get<SmsSender>(SMS_SENDER);
    expect(sender).toBeInstanceOf(OutboxSmsSender);
    await expect(sender.send(PHONE, TEXT)).resolves.toMatchObject({ ok: true, gateway: 'outbox' });
    expect(fakeOutbox.messages.at(-1)).toEqual({ phone: PHONE, text: TEXT });
    await moduleRef.close();
  });

  it('provides the SMS.ru adapter for SMS_GATEWAY=smsru', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [SmsModule.forRoot(smsRuConfig())],
    }).compile();
    expect(moduleRef.get(SMS_SENDER)).toBeInstanceOf(SmsRuSmsSender);
    await moduleRef.close();
  });

  it('refuses SMS_GATEWAY=outbox without an outbox to write into', () => {
    expect(() => SmsModule.forRoot({ gateway: 'outbox' })).toThrow(/outbox/);
  });
});

describe('OutboxSmsSender', () => {
  it('queues the message and logs it with the number masked and without the text', async () => {
    const outbox = new FakeOutbox();
    const before = logs.lines.length;
    const result = await new OutboxSmsSender(outbox).send(PHONE, TEXT);
    expect(result).toEqual({ ok: true, gateway: 'outbox', messageId: 'fake-1' });
    expect(outbox.messages).toEqual([{ phone: PHONE, text: TEXT }]);
    const logged = logs.lines.slice(before).join('\n');
    expect(logged).toContain(maskPhone(PHONE));
    expect(logged).toContain('+7********67');
  });

  it('refuses a number that is not E.164 without touching the outbox', async () => {
    const outbox = new FakeOutbox();
    const result = await new OutboxSmsSender(outbox).send('89001234567', TEXT);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'invalid_phone' } });
    expect(outbox.messages).toEqual([]);
  });
});

describe('SmsRuSmsSender', () => {
  it('posts api_id, to, msg, json=1 and from as a form and reads the per-number result', async () => {
    const calls: { url: string; body: string }[] = [];
    const sender = new SmsRuSmsSender(
      smsRuConfig(),
      jsonFetch(
        {
          status: 'OK',
          status_code: 100,
          sms: { '79001234567': { status: 'OK', status_code: 100, sms_id: '000000-10000001' } },
          balance: 10.5,
        },
        200,
        calls,
      ),
    );
    const before = logs.lines.length;
    await expect(sender.send(PHONE, TEXT)).resolves.toEqual({
      ok: true,
      gateway: 'smsru',
      messageId: '000000-10000001',
    });
    expect(logs.lines.slice(before).join('\n')).toContain('+7********67');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://gateway.test/sms/send');
    expect(calls[0]?.url).not.toContain(API_ID);
    expect(Object.fromEntries(new URLSearchParams(calls[0]?.body))).toEqual({
      api_id: API_ID,
      to: '79001234567',
      msg: TEXT,
      json: '1',
      from: 'FEDSPORT',
    });
  });

  it('turns SMS.ru errors into typed failures', async () => {
    const cases: [answer: unknown, status: number, expected: object][] = [
      [
        { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' },
        200,
        { kind: 'rejected', code: 200 },
      ],
      [
        {
          status: 'OK',
          status_code: 100,
          sms: { '79001234567': { status: 'ERROR', status_code: 207, status_text: 'Нет маршрута' } },
        },
        200,
        { kind: 'invalid_phone', code: 207 },
      ],
      [
        {
          status: 'OK',
          status_code: 100,
          sms: { '79001234567': { status: 'ERROR', status_code: 230, status_text: 'Лимит' } },
        },
        200,
        { kind: 'rejected', code: 230 },
      ],
      [{ status: 'OK', status_code: 100, sms: {} }, 200, { kind: 'bad_answer' }],
      ['<html>oops</html>', 200, { kind: 'bad_answer' }],
      [{ hello: 'world' }, 200, { kind: 'bad_answer' }],
      [{ status: 'OK' }, 503, { kind: 'unavailable', code: 503 }],
    ];
    const before = logs.lines.length;
    for (const [answer, status, expected] of cases) {
      const result = await new SmsRuSmsSender(smsRuConfig(), jsonFetch(answer, status)).send(PHONE, TEXT);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.failure).toMatchObject(expected);
    }
    expect(logs.lines.slice(before)).toHaveLength(cases.length);
  });

  it('fails with unavailable when the gateway cannot be reached', async () => {
    const refusing: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const result = await new SmsRuSmsSender(smsRuConfig(), refusing).send(PHONE, TEXT);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'unavailable', code: null } });
  });

  describe('against a gateway that never answers', () => {
    let server: Server;
    let url: string;

    beforeAll(async () => {
      server = createServer(() => undefined);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('fails with timeout after the configured time', async () => {
      const started = Date.now();
      const result = await new SmsRuSmsSender(smsRuConfig({ url, timeoutMs: 200 })).send(PHONE, TEXT);
      expect(result).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });
});

describe('deliveringSmsSender', () => {
  it('resolves on success and throws a typed SmsDeliveryError on failure', async () => {
    const ok = deliveringSmsSender(new OutboxSmsSender(new FakeOutbox()));
    await expect(ok.send(PHONE, TEXT)).resolves.toBeUndefined();
    const failing = deliveringSmsSender(
      new SmsRuSmsSender(
        smsRuConfig(),
        jsonFetch({ status: 'ERROR', status_code: 201, status_text: 'Не хватает средств' }),
      ),
    );
    const error: unknown = await failing.send(PHONE, TEXT).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as SmsDeliveryError).failure).toMatchObject({ kind: 'rejected', code: 201 });
    expect((error as SmsDeliveryError).message).not.toContain(CODE);
  });
});
