import { Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ApiException, ApiExceptionFilter } from '../../common/api-exception.filter';
import { CallerResolver, type CallerIdentity } from '../../common/caller';
import { RateLimitsModule } from '../../common/rate-limits';

/**
 * A stand-in for the auth server's token check: `Authorization: Bearer <name>` signs in as `callers[name]`;
 * any other token is a 401, as a forged or ended one would be.
 */
export class FakeCallerResolver extends CallerResolver {
  constructor(private readonly callers: Readonly<Record<string, CallerIdentity>>) {
    super();
  }

  resolve(token: string): Promise<CallerIdentity> {
    const caller = Object.hasOwn(this.callers, token) ? this.callers[token] : undefined;
    if (caller === undefined) {
      return Promise.reject(
        new ApiException(401, { code: 'token_invalid', message: 'Токен недействителен' }),
      );
    }
    return Promise.resolve(caller);
  }
}

/** What the auth module gives every module of the app: the caller resolver (here a stand-in, or the given one). */
function testAuthModule(resolver: CallerResolver): DynamicModule {
  @Module({})
  class TestAuthModule {}
  return {
    module: TestAuthModule,
    global: true,
    providers: [{ provide: CallerResolver, useValue: resolver }],
    exports: [CallerResolver],
  };
}

/**
 * A Nest app made of one gateway module, the limits' in-memory storage and the api's error filter, as AppModule
 * would host it. Tokens are
 * the names of `callers` (default {@link testCallers}), or whatever the given resolver accepts; `null` runs
 * without an auth module.
 */
export async function startGatewayApp(
  module: DynamicModule,
  configure?: (app: INestApplication) => void,
  callers: Readonly<Record<string, CallerIdentity>> | CallerResolver | null = testCallers,
): Promise<INestApplication> {
  const resolver =
    callers === null || callers instanceof CallerResolver ? callers : new FakeCallerResolver(callers);
  const testing = await Test.createTestingModule({
    imports: [...(resolver === null ? [] : [testAuthModule(resolver)]), RateLimitsModule.forRoot(), module],
    providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
  }).compile();
  const app = testing.createNestApplication({ logger: false });
  configure?.(app);
  await app.init();
  return app;
}

export type FakeHandler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => unknown;

/** A tiny upstream on 127.0.0.1 (port 0) whose handler a test swaps at will, and that can be stopped and restarted. */
export interface FakeUpstream {
  url: string;
  port: number;
  handler: FakeHandler;
  /** Every request as received: method, target and headers. */
  requests: { method: string; target: string; headers: IncomingMessage['headers']; body: string }[];
  /** Stops listening and drops every connection (the upstream is "down"). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeUpstream(handler: FakeHandler): Promise<FakeUpstream> {
  const sockets = new Set<Socket>();
  let server: Server;
  const state: FakeUpstream = {
    url: '',
    port: 0,
    handler,
    requests: [],
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    restart: () => listen(state.port),
    close: async () => {
      if (server.listening) await state.stop();
    },
  };
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const body = Buffer.concat(chunks);
          state.requests.push({
            method: request.method ?? '',
            target: request.url ?? '',
            headers: request.headers,
            body: body.toString('utf8'),
          });
          Promise.resolve(state.handler(request, body, response)).catch(() => response.destroy());
        });
      });
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        state.port = (server.address() as AddressInfo).port;
        state.url = `http://127.0.0.1:${state.port}`;
        resolve();
      });
    });
  await listen(0);
  return state;
}

/** The callers of the ownership matrix: two logins of athletes (one with a linked account) and two organizations. */
export const testIds = {
  athleteA: '11111111-0000-4000-8000-00000000000a',
  athleteA2: '11111111-0000-4000-8000-0000000000a2',
  athleteB: '11111111-0000-4000-8000-00000000000b',
  orgX: '22222222-0000-4000-8000-00000000000c',
  orgY: '22222222-0000-4000-8000-00000000000d',
  competitionX: '33333333-0000-4000-8000-00000000000c',
  competitionY: '33333333-0000-4000-8000-00000000000d',
  requestA: '44444444-0000-4000-8000-00000000000a',
  requestB: '44444444-0000-4000-8000-00000000000b',
  saleA: '55555555-0000-4000-8000-00000000000a',
  saleB: '55555555-0000-4000-8000-00000000000b',
} as const;

export const testCallers = {
  athleteA: {
    loginId: 'login-a',
    sessionId: 'session-a',
    sportsmanIds: [testIds.athleteA, testIds.athleteA2],
    organizationId: null,
    contractorType: 'sportsman',
  },
  athleteB: {
    loginId: 'login-b',
    sessionId: 'session-b',
    sportsmanIds: [testIds.athleteB],
    organizationId: null,
    contractorType: 'sportsman',
  },
  /** The same login as athleteA, with its second athlete active. */
  linkedA: {
    loginId: 'login-a',
    sessionId: 'session-a2',
    sportsmanIds: [testIds.athleteA2, testIds.athleteA],
    organizationId: null,
    contractorType: 'sportsman',
  },
  orgX: {
    loginId: 'login-x',
    sessionId: 'session-x',
    sportsmanIds: [],
    organizationId: testIds.orgX,
    contractorType: 'organization',
  },
  orgY: {
    loginId: 'login-y',
    sessionId: 'session-y',
    sportsmanIds: [],
    organizationId: testIds.orgY,
    contractorType: 'organization',
  },
} as const satisfies Record<string, CallerIdentity>;
export type TestCallerName = keyof typeof testCallers;
