import { Injectable } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  PIPES_METADATA,
} from '@nestjs/common/constants';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { CallerGuard, callerOf, userIdHeaderOf } from '../common/caller';
import { assignRequestId, REQUEST_ID_HEADER } from '../common/request-id';
import type { SecurityHeaders } from '../common/security-headers';
import { PROXY_ANSWER_HEADERS, ProxyController, sendProxyAnswer } from './proxy.controller';
import { ProxyService } from './proxy.service';

/** Nest's per-route machinery a handler can be given (guards, interceptors, pipes, filters). */
const ENHANCERS = [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA];

/**
 * Whether `ProxyController.read` carries nothing but the api's one guard: then running that guard and the
 * handler outside the route is exactly what Nest's route would do. A guard, interceptor, pipe or filter added to
 * the controller later turns the short ways off (the route takes every read again) rather than being skipped.
 */
export function readRouteIsGuardOnly(): boolean {
  const targets: object[] = [ProxyController, ProxyController.prototype.read];
  for (const key of ENHANCERS) {
    const found = targets.flatMap(
      (target) => (Reflect.getMetadata(key, target) as unknown[] | undefined) ?? [],
    );
    if (key === GUARDS_METADATA ? found.length !== 1 || found[0] !== CallerGuard : found.length > 0)
      return false;
  }
  return true;
}

/**
 * `GET /api/proxy` outside Nest's route: the controller's own guard (its mode from the controller's
 * `@Authenticate`), the same `ProxyService.handle` and the same answer. Used by `ProxyReadMiddleware` (ahead of
 * the route walk) and by {@link answerProxyReadsAhead} (ahead of Express itself).
 */
@Injectable()
export class ProxyReads {
  /** Off when the read route carries more than the guard: then the route answers every read. */
  readonly enabled = readRouteIsGuardOnly();

  constructor(
    private readonly guard: CallerGuard,
    private readonly proxy: ProxyService,
  ) {}

  /**
   * Answers the read whose raw target is `requestTarget`, `lead` headers first (`sendProxyAnswer`); throws what
   * the route would, for the api's exception filter to answer.
   */
  async answer(
    request: IncomingMessage,
    response: ServerResponse,
    requestTarget: string,
    lead?: readonly string[],
  ): Promise<void> {
    const context = new ExecutionContextHost(
      [request, response],
      ProxyController,
      ProxyController.prototype.read,
    );
    context.setType('http');
    await this.guard.canActivate(context);
    const answer = await this.proxy.handle({
      method: 'GET',
      requestTarget,
      body: undefined,
      caller: callerOf(request),
      userId: userIdHeaderOf(request),
    });
    await sendProxyAnswer(request, response, answer, lead);
  }
}

/** Reads answered ahead of Express that failed, with their error: Express answers it (`failureAhead`). */
const failedAhead = new WeakMap<IncomingMessage, unknown>();

/** The error of a read that failed ahead of Express, for the read middleware to throw; undefined for others. */
export function failureAhead(request: IncomingMessage): { error: unknown } | undefined {
  return failedAhead.has(request) ? { error: failedAhead.get(request) } : undefined;
}

const PROXY_PATH = '/api/proxy';

/**
 * The reads answered ahead of Express: exactly `GET /api/proxy` or `GET /api/proxy?…`, without a body. Anything
 * else Express's router may also match (a trailing slash, other letter case, HEAD, a read with a body its
 * parsers would judge) takes the usual way.
 */
function isPlainRead(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return (
    request.method === 'GET' &&
    url.startsWith(PROXY_PATH) &&
    (url.length === PROXY_PATH.length || url.charCodeAt(PROXY_PATH.length) === 0x3f) && // '?'
    request.headers['transfer-encoding'] === undefined &&
    (request.headers['content-length'] === undefined || request.headers['content-length'] === '0')
  );
}

/**
 * Puts the proxy's reads ahead of Express on the api's HTTP server: a read is answered by {@link ProxyReads}
 * with the request id and the security headers every answer gets from the api's global middleware
 * (`assignRequestId`, `securityHeaders`: the same functions and values), without Express setting up its request
 * and response, walking its middleware and router, and Nest its route (about half the api's CPU per read,
 * measured by tools/bench/proxy; docs/decisions/0020). A read that fails is handed to Express with its error,
 * which the read middleware throws for the api's exception filter, so that errors are answered exactly as the
 * route's. Everything but the reads goes to Express as before.
 *
 * Whatever the global middleware of `create-app.ts` does to a proxied read must be done here as well: today the
 * request id and the security headers (the body parsers and the portal's routes have nothing to do for a GET
 * of `/api/proxy` without a body). Off when the read route carries more than the guard.
 */
export function answerProxyReadsAhead(
  server: Server,
  reads: ProxyReads,
  securityHeaders: SecurityHeaders,
): void {
  if (!reads.enabled) return;
  // The security headers as one list (name, value…), less those the proxy's answer sets itself.
  const security = securityHeaders.set
    .filter(([name]) => !PROXY_ANSWER_HEADERS.has(name.toLowerCase()))
    .flat();
  const others = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const express = (request: IncomingMessage, response: ServerResponse) => {
    for (const listener of others) listener.call(server, request, response);
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!isPlainRead(request)) return express(request, response);
    const lead = [REQUEST_ID_HEADER, assignRequestId(request), ...security];
    reads.answer(request, response, request.url ?? PROXY_PATH, lead).catch((error: unknown) => {
      if (response.headersSent) {
        // Nothing sent can be taken back: the connection ends without the rest.
        response.destroy();
        return;
      }
      failedAhead.set(request, error);
      express(request, response);
    });
  });
}
