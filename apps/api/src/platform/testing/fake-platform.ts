import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRecord {
  __id: string;
  __name: string;
  [field: string]: unknown;
}

export interface FakePlatform {
  url: string;
  token: string;
  records: Map<string, FakeRecord>;
  /** Every call as `METHOD path`, for assertions. */
  calls: string[];
  /** When set, every call answers this HTTP status. */
  failWith: number | null;
  /** Sent as `Retry-After` with `failWith`, when set. */
  retryAfter: string | null;
  close(): Promise<void>;
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * A minimal stand-in for the ELMA365 platform, speaking the same wire protocol as the sandbox twin for
 * the calls the auth server makes (`runBP` create_sportsman, `getUsersByElmaUserId`, app item `create`),
 * so tests exercise the real HTTP client.
 */
export async function startFakePlatform(): Promise<FakePlatform> {
  const token = 'test-platform-token-0123456789';
  const functions = sandboxPublicConfig.extensions.functions;
  const state: FakePlatform = {
    url: '',
    token,
    records: new Map(),
    calls: [],
    failWith: null,
    retryAfter: null,
    close: () => Promise.resolve(),
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      state.calls.push(`${request.method} ${url.pathname}`);
      if (request.headers.authorization !== `Bearer ${token}`)
        return send(response, 403, { success: false, error: 'bad token' });
      if (state.failWith !== null)
        return send(
          response,
          state.failWith,
          { success: false, error: 'failure' },
          state.retryAfter === null ? {} : { 'Retry-After': state.retryAfter },
        );
      if (request.method === 'POST' && url.pathname === `/api/extensions/${functions}/script/runBP`) {
        const body = await readJson(request);
        if (body['application'] !== 'sportsman' || body['process'] !== 'create_sportsman')
          return send(response, 400, { success: false, error: 'runBP: unknown process' });
        const context = body['context'] as Record<string, unknown>;
        const fio = context['fio'] as { lastname: string; firstname: string; middlename: string };
        const id = randomUUID();
        state.records.set(id, {
          __id: id,
          __name: [fio.lastname, fio.firstname, fio.middlename].filter(Boolean).join(' '),
          fio,
          pol: [{ code: context['gender'], name: context['gender'] === 'male' ? 'Мужской' : 'Женский' }],
          photo: [],
          gorod: context['gorod'],
          representative_new: [{ code: 'sportsman', name: 'Спортсмен' }],
        });
        return send(response, 200, {
          success: true,
          data: { processId: randomUUID(), process: body['process'], recordId: id, written: true },
        });
      }
      if (
        request.method === 'GET' &&
        url.pathname === `/api/extensions/${functions}/script/getUsersByElmaUserId`
      ) {
        const data = JSON.parse(url.searchParams.get('data') ?? '{}') as { userIds?: string[] };
        const sportsmans = (data.userIds ?? []).flatMap((id) => {
          const record = state.records.get(id);
          return record ? [record] : [];
        });
        return send(response, 200, { success: true, sportsmans });
      }
      if (request.method === 'POST' && url.pathname === '/pub/v1/app/sport/sportsman/create') {
        const body = await readJson(request);
        const context = body['context'] as Record<string, unknown>;
        const id = randomUUID();
        const item = { __id: id, __name: String(context['__name'] ?? ''), ...context };
        state.records.set(id, item);
        return send(response, 200, { success: true, error: '', item });
      }
      return send(response, 404, { success: false, error: 'unknown path' });
    })().catch(() => send(response, 500, { success: false, error: 'fake platform failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
