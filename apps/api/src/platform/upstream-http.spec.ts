import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamHttp, UpstreamTransportError, type UpstreamRequest } from './upstream-http';

/**
 * An upstream that keeps connections open after an answer but closes one as soon as a second request arrives
 * on it, before answering: what a keep-alive timeout on the upstream's side does to a connection reused just
 * as it expires.
 */
function closingOnReuse(): { server: Server; received: string[]; fresh: () => number } {
  const received: string[] = [];
  const served = new WeakMap<Socket, number>();
  let connections = 0;
  const server = createServer((incoming, answer) => {
    received.push(`${incoming.method} ${incoming.url}`);
    const count = served.get(incoming.socket) ?? 0;
    served.set(incoming.socket, count + 1);
    if (count > 0) {
      incoming.socket.destroy();
      return;
    }
    incoming.resume();
    incoming.on('end', () =>
      answer.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'),
    );
  });
  server.on('connection', () => (connections += 1));
  // No keep-alive timeout hint: the client cannot know when the upstream closes.
  server.keepAliveTimeout = 0;
  return { server, received, fresh: () => connections };
}

describe('UpstreamHttp on a kept-alive connection the upstream closed', () => {
  let upstream: ReturnType<typeof closingOnReuse>;
  let http: UpstreamHttp;
  let base: string;
  const call = (method: 'GET' | 'POST', path: string): Promise<unknown> =>
    http
      .request({
        method,
        url: `${base}${path}`,
        headers: { Accept: 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
        timeoutMs: 5_000,
        maxBytes: 1024,
      } satisfies UpstreamRequest)
      .then((answer) => ({ status: answer.status, body: answer.body.toString('utf8') }));

  beforeEach(async () => {
    upstream = closingOnReuse();
    await new Promise<void>((listening) => upstream.server.listen(0, '127.0.0.1', listening));
    base = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
    http = new UpstreamHttp();
  });
  afterEach(async () => {
    http.destroy();
    upstream.server.closeAllConnections();
    await new Promise((closed) => upstream.server.close(closed));
  });

  it('sends a read again on a fresh connection', async () => {
    await expect(call('GET', '/a')).resolves.toEqual({ status: 200, body: '{"ok":true}' });
    await expect(call('GET', '/b')).resolves.toEqual({ status: 200, body: '{"ok":true}' });
    // The second read reached the upstream twice: on the closed connection, then on a new one.
    expect(upstream.received).toEqual(['GET /a', 'GET /b', 'GET /b']);
    expect(upstream.fresh()).toBe(2);
  });

  it('never sends a write twice', async () => {
    await call('POST', '/a');
    const failed = await call('POST', '/b').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(UpstreamTransportError);
    expect((failed as UpstreamTransportError).failure).toBe('network');
    expect(upstream.received).toEqual(['POST /a', 'POST /b']);
  });

  it('gives up on a read after a few closed connections in a row', async () => {
    // Five connections kept alive at once, each closed by the upstream when reused.
    await Promise.all(['/1', '/2', '/3', '/4', '/5'].map((path) => call('GET', path)));
    const failed = await call('GET', '/again').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(UpstreamTransportError);
    expect(upstream.received.filter((line) => line === 'GET /again')).toHaveLength(4);
  });
});
