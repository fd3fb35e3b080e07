import type { DynamicModule, INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PLATFORM_NAMESPACE } from '@fed/contracts';
import { demoCompetitions, demoFamily, sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { ElmaTwinModule } from '@fed/sandbox-elma';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callerFrom, type Caller, type CallerIdentity } from '../common/caller';
import type { PlatformClient } from '../platform/platform-client';
import type { UpstreamAnswer } from '../platform/upstream-http';
import { AnswerMemo, relaysAsIs } from './answer-relay';
import { matchPlatformUrl, PlatformAllowlist } from './platform-url';
import { proxyPolicies } from './proxy-policy';
import { ProxyModule } from './proxy.module';
import { ProxyService } from './proxy.service';
import { startGatewayApp } from './testing/gateway-testing';

describe('relaysAsIs', () => {
  it('relays unread only catalogue paths without any ownership rule', () => {
    const relayed = Object.entries(proxyPolicies).filter(([, policy]) => relaysAsIs(policy));
    expect(relayed.length).toBeGreaterThan(0);
    for (const [key, policy] of Object.entries(proxyPolicies)) {
      expect(relaysAsIs(policy), key).toBe(policy.answers === 'noPersonRecords' && policy.rules.length === 0);
    }
    // A path that may answer a person's record is always filtered, whatever its rules.
    expect(relaysAsIs(proxyPolicies['script:getSportsmen'])).toBe(false);
  });
});

describe('AnswerMemo', () => {
  const bytes = (text: string) => Buffer.from(text, 'utf8');

  it('gives back an answer only for the same bytes in the same context', () => {
    const memo = new AnswerMemo(10);
    const worked = bytes('{"result":[]}');
    memo.remember('events', bytes('{"result":[1]}'), 'guest 2026-06-01', worked);
    expect(memo.answerFor('events', bytes('{"result":[1]}'), 'guest 2026-06-01')).toBe(worked);
    expect(memo.answerFor('events', bytes('{"result":[1,2]}'), 'guest 2026-06-01')).toBeUndefined();
    expect(memo.answerFor('events', bytes('{"result":[1]}'), 'guest 2026-06-02')).toBeUndefined();
    expect(memo.answerFor('programs', bytes('{"result":[1]}'), 'guest 2026-06-01')).toBeUndefined();
    memo.forget('events');
    expect(memo.answerFor('events', bytes('{"result":[1]}'), 'guest 2026-06-01')).toBeUndefined();
  });

  it('keeps at most its entries and its byte budget, the oldest forgotten first', () => {
    const memo = new AnswerMemo(2, 256 * 1024);
    const answer = (n: number) => Buffer.from(JSON.stringify({ n, pad: 'x'.repeat(3000) }));
    for (const [key, n] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      memo.remember(key, answer(n), '', answer(n));
    expect(memo.answerFor('a', answer(1), '')).toBeUndefined();
    expect(memo.answerFor('b', answer(2), '')).toBeDefined();
    expect(memo.answerFor('c', answer(3), '')).toBeDefined();
    // Past a sixteenth of the budget an answer is never kept.
    const big = Buffer.from(JSON.stringify({ pad: 'x'.repeat(20_000) }));
    memo.remember('big', big, '', big);
    expect(memo.answerFor('big', big, '')).toBeUndefined();
    // The budget counts bytes: two entries of 100 kB do not fit in 128 kB.
    const small = new AnswerMemo(10, 128 * 1024);
    const hundred = (n: number) => Buffer.alloc(100 * 1024, n);
    small.remember('x', hundred(1), '', hundred(1));
    small.remember('y', hundred(2), '', hundred(2));
    expect(small.answerFor('x', hundred(1), '')).toBeUndefined();
  });
});

describe('the proxy service’s short ways', () => {
  const parse = vi.spyOn(JSON, 'parse');
  afterAll(() => parse.mockRestore());
  const getSportsmen = `/api/proxy?url=${encodeURIComponent(`/api/extensions/${sandboxPublicConfig.extensions.functions}/script/getSportsmen`)}`;
  const getEvents = `/api/proxy?url=${encodeURIComponent(`/api/extensions/${sandboxPublicConfig.extensions.functions}/script/getEvents`)}`;
  /** 18 on 2 June 2026: a minor the day before. No consent given: a minor shows others the registry alone. */
  const athlete = {
    __id: 'athlete-1',
    __name: 'Иванов Иван',
    date_of_birth: '2008-06-02',
    sport_rank: 'КМС',
  };
  let platformAnswer = '';
  let now = Date.parse('2026-06-01T12:00:00Z');
  const send = vi.fn(() =>
    Promise.resolve({ status: 200, headers: {}, body: Buffer.from(platformAnswer) } satisfies UpstreamAnswer),
  );
  // The platform client's two members the service reads.
  const platform = {
    options: { extensions: sandboxPublicConfig.extensions },
    send,
  } as unknown as PlatformClient;
  const service = new ProxyService(platform, null, { now: () => now });
  const read = async (requestTarget: string, caller: Caller | null = null) => {
    parse.mockClear();
    const answer = await service.handle({
      method: 'GET',
      requestTarget,
      body: undefined,
      caller,
      userId: undefined,
    });
    return { text: answer.body.toString('utf8'), parsed: parse.mock.calls.length };
  };

  it('works a guest’s view of an answer out once a day, and again for new bytes', async () => {
    platformAnswer = JSON.stringify({ success: true, result: [athlete], total: 1 });
    const first = await read(getSportsmen);
    expect(JSON.parse(first.text).result[0]).toEqual({ __id: 'athlete-1', __name: 'Иванов Иван' });
    expect(first.parsed).toBe(1);
    const again = await read(getSportsmen);
    expect(again).toEqual({ text: first.text, parsed: 0 });
    // The next day he is of age: his public card shows again what he did not have to consent to.
    now = Date.parse('2026-06-02T12:00:00Z');
    const nextDay = await read(getSportsmen);
    expect(JSON.parse(nextDay.text).result[0]).toEqual({
      __id: 'athlete-1',
      __name: 'Иванов Иван',
      sport_rank: 'КМС',
    });
    expect(nextDay.parsed).toBe(1);
    platformAnswer = JSON.stringify({ success: true, result: [{ ...athlete, sport_rank: 'МС' }], total: 1 });
    const changed = await read(getSportsmen);
    expect(JSON.parse(changed.text).result[0].sport_rank).toBe('МС');
    expect(changed.parsed).toBe(1);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('works out every answer to a signed-in caller', async () => {
    const own = callerFrom(
      {
        loginId: 'login-1',
        sessionId: 'session-1',
        contractorType: 'sportsman',
        sportsmanIds: ['athlete-1'],
        organizationId: null,
      },
      undefined,
    );
    platformAnswer = JSON.stringify({ success: true, result: [athlete], total: 1 });
    for (let i = 0; i < 2; i += 1) {
      const mine = await read(getSportsmen, own);
      expect(JSON.parse(mine.text).result[0]).toEqual(athlete);
      expect(mine.parsed).toBe(1);
    }
  });

  it('relays a catalogue answer unread while its bytes stay, and never one that is not JSON', async () => {
    platformAnswer = '{ "success": true, "result": [] }';
    expect(await read(getEvents)).toEqual({ text: platformAnswer, parsed: 1 });
    expect(await read(getEvents)).toEqual({ text: platformAnswer, parsed: 0 });
    platformAnswer = '<html>не JSON</html>';
    await expect(read(getEvents)).rejects.toMatchObject({ status: 502 });
    await expect(read(getEvents)).rejects.toMatchObject({ status: 502 });
    platformAnswer = '{ "success": true, "result": [] }';
    expect(await read(getEvents)).toEqual({ text: platformAnswer, parsed: 1 });
  });
});

const TOKEN = 'relay-test-token-0123456789';
const extensions = sandboxPublicConfig.extensions;
const callers: Record<string, CallerIdentity> = {
  family: {
    loginId: 'login-family',
    sessionId: 'session-family',
    contractorType: 'sportsman',
    sportsmanIds: [demoFamily.parentId, ...demoFamily.childIds],
    organizationId: null,
  },
};

/**
 * The proxy as it was before answers were relayed unread and guests' views remembered: every answer parsed,
 * checked and, by policy, filtered.
 */
class WholeWayProxyService extends ProxyService {
  protected override takesShortWays(): boolean {
    return false;
  }
}

/** The proxy module with `service` in place of its `ProxyService`. */
function proxyModuleWith(service: typeof ProxyService, platformUrl: string): DynamicModule {
  const module = ProxyModule.forRoot({ platform: () => ({ url: platformUrl, token: TOKEN, extensions }) });
  return {
    ...module,
    providers: (module.providers ?? []).map((provider) =>
      provider === ProxyService ? { provide: ProxyService, useClass: service } : provider,
    ),
  };
}

/**
 * The paths relayed unread answer, for the demo federation, byte for byte what the whole way (parse, checks,
 * the filter where the policy asks for it) answers, for a guest and a signed-in caller; so do the paths that
 * take the whole way.
 */
describe('an answer relayed unread', () => {
  let dataDir: string;
  let twin: INestApplication;
  let twinUrl: string;
  let relaying: INestApplication;
  let wholeWay: INestApplication;

  const data = (value: unknown) => `?data=${encodeURIComponent(JSON.stringify(value))}`;
  const scriptPath = (name: string, input: unknown) =>
    `/api/extensions/${extensions.functions}/script/${name}${data(input)}`;
  const appPath = (code: string, id?: string) =>
    `/pub/v1/app/${PLATFORM_NAMESPACE}/${code}/${id === undefined ? `list${data({ size: 50 })}` : `${id}/get`}`;
  /** The id of the first record a list answers, read from the twin directly. */
  async function firstId(path: string): Promise<string> {
    const { upstream } = matchPlatformUrl(new PlatformAllowlist(extensions), 'GET', path, undefined);
    const answer = await fetch(`${twinUrl}${upstream.path}`, {
      method: upstream.method,
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: upstream.body === undefined ? undefined : JSON.stringify(upstream.body),
    });
    const json = (await answer.json()) as { result?: { result?: { __id?: string }[] } };
    return String(json.result?.result?.[0]?.__id);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'relay-test-'));
    const moduleRef = await Test.createTestingModule({
      imports: [ElmaTwinModule.forRoot({ token: TOKEN, seed: 'demo', dataDir })],
    }).compile();
    twin = moduleRef.createNestApplication({ logger: false });
    await twin.listen(0, '127.0.0.1');
    twinUrl = `http://127.0.0.1:${(twin.getHttpServer().address() as AddressInfo).port}/sandbox/elma`;
    relaying = await startGatewayApp(proxyModuleWith(ProxyService, twinUrl), undefined, callers);
    wholeWay = await startGatewayApp(proxyModuleWith(WholeWayProxyService, twinUrl), undefined, callers);
  }, 60_000);

  afterAll(async () => {
    await relaying?.close();
    await wholeWay?.close();
    await twin?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is byte for byte the whole way’s answer, for a guest and a signed-in caller', async () => {
    const competition = demoCompetitions.clubOpen;
    const relayedReads: Record<string, string> = {
      'script:getEvents': scriptPath('getEvents', { when: 'all', size: 100 }),
      'script:getEventById': scriptPath('getEventById', { id: competition }),
      'script:getEventPrograms': scriptPath('getEventPrograms', { eventId: competition }),
      'script:getAgeClasses': scriptPath('getAgeClasses', {}),
      'script:getOfferDocument': scriptPath('getOfferDocument', {
        id: sandboxPublicConfig.offerDocumentIds.user,
      }),
      'app:competitions:list': appPath('competitions'),
      'app:competitions:get': appPath('competitions', competition),
      'app:programs:list': appPath('programs'),
      'app:programs:get': appPath('programs', await firstId(appPath('programs'))),
      'app:vozrastnye_klassy:list': appPath('vozrastnye_klassy'),
      'app:vozrastnye_klassy:get': appPath('vozrastnye_klassy', await firstId(appPath('vozrastnye_klassy'))),
      'app:offer:list': appPath('offer'),
      'app:offer:get': appPath('offer', sandboxPublicConfig.offerDocumentIds.user),
    };
    const relayed = Object.entries(proxyPolicies)
      .filter(([, policy]) => relaysAsIs(policy))
      .map(([key]) => key);
    // Every path relayed unread is read here.
    expect(Object.keys(relayedReads).sort()).toEqual(relayed.sort());
    const filteredReads: Record<string, string> = {
      'script:getSportsmen': scriptPath('getSportsmen', { size: 100 }),
      'script:getPublicProfile': scriptPath('getPublicProfile', { id: demoFamily.childIds[1] }),
    };
    const ask = (app: INestApplication, path: string, who: string) => {
      const call = request(app.getHttpServer())
        .get(`/api/proxy?url=${encodeURIComponent(path)}`)
        .buffer(true);
      return who === 'guest' ? call : call.set('Authorization', `Bearer ${who}`);
    };
    for (const [key, path] of Object.entries({ ...relayedReads, ...filteredReads })) {
      for (const who of ['guest', 'family']) {
        const [fast, whole] = [await ask(relaying, path, who), await ask(wholeWay, path, who)];
        expect(fast.status, `${who} ${key}`).toBe(200);
        expect(whole.status, `${who} ${key}`).toBe(200);
        expect(fast.text, `${who} ${key}`).toBe(whole.text);
        expect(fast.headers['cache-control'], `${who} ${key}`).toBe(whole.headers['cache-control']);
      }
    }
  }, 60_000);
});
