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
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallerIdentity } from '../common/caller';
import { KnownJsonAnswers, relaysAsIs } from './answer-relay';
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

describe('KnownJsonAnswers', () => {
  const parse = vi.spyOn(JSON, 'parse');
  // Counted from the start of each test: the runner parses too, between tests.
  beforeEach(() => {
    parse.mockClear();
  });
  afterAll(() => parse.mockRestore());
  const bytes = (text: string) => Buffer.from(text, 'utf8');

  it('parses an answer only when its bytes changed, and never passes one that is not JSON', () => {
    const known = new KnownJsonAnswers(10);
    expect(known.isJson('events', bytes('{"result":[1]}'))).toBe(true);
    expect(known.isJson('events', bytes('{"result":[1]}'))).toBe(true);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(known.isJson('events', bytes('{"result":[1,2]}'))).toBe(true);
    expect(parse).toHaveBeenCalledTimes(2);
    expect(known.isJson('events', bytes('{"result":[1,2'))).toBe(false);
    expect(known.isJson('events', bytes('<html>'))).toBe(false);
    // A broken answer is never remembered as the last good one.
    expect(known.isJson('events', bytes('{"result":[1,2]}'))).toBe(true);
    expect(parse).toHaveBeenCalledTimes(5);
  });

  it('keeps at most its entries and its byte budget, the oldest forgotten first', () => {
    const known = new KnownJsonAnswers(2, 256 * 1024);
    const answer = (n: number) => Buffer.from(JSON.stringify({ n, pad: 'x'.repeat(3000) }));
    known.isJson('a', answer(1));
    known.isJson('b', answer(2));
    known.isJson('c', answer(3));
    parse.mockClear();
    known.isJson('c', answer(3));
    known.isJson('b', answer(2));
    expect(parse).toHaveBeenCalledTimes(0);
    known.isJson('a', answer(1));
    expect(parse).toHaveBeenCalledTimes(1);
    // Past a sixteenth of the budget an answer is parsed every time.
    const big = Buffer.from(JSON.stringify({ pad: 'x'.repeat(20_000) }));
    known.isJson('big', big);
    known.isJson('big', big);
    expect(parse).toHaveBeenCalledTimes(3);
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

/** The proxy as it was before answers were relayed unread: every answer parsed, checked and, by policy, filtered. */
class WholeWayProxyService extends ProxyService {
  protected override relaysUnread(): boolean {
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
