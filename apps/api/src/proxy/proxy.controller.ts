import { All, Body, Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiException } from '../common/api-exception.filter';
import { Authenticate, callerOf, userIdHeaderOf } from '../common/caller';
import { answerEncodingFor, encodeAnswer } from './answer-encoding';
import { ProxyService, type ProxyAnswer } from './proxy.service';

/** The headers `sendProxyAnswer` sets itself (lower case): headers sent ahead of them must not repeat these. */
export const PROXY_ANSWER_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'cache-control',
  'x-content-type-options',
  'vary',
  'content-encoding',
  'content-length',
]);

/** `Vary` with `Accept-Encoding` added to what the answer carries already (as Express's `vary` does). */
function varyOf(response: ServerResponse): string {
  const existing = response.getHeader('Vary');
  if (existing === undefined) return 'Accept-Encoding';
  const value = Array.isArray(existing) ? existing.join(', ') : String(existing);
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value) ? value : `${value}, Accept-Encoding`;
}

/**
 * The proxy's answer on the wire, compressed when the caller accepts it (`answer-encoding.ts`): the controller's,
 * the read middleware's and the reads answered ahead of Express one way to send it. `lead` (name, value, name,
 * value…) goes first — the request id and the security headers of a read answered ahead of Express, which
 * Express's middleware set on the others — and none of {@link PROXY_ANSWER_HEADERS}. One `writeHead` with the
 * whole list: node stores no header one by one.
 */
export async function sendProxyAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  answer: ProxyAnswer,
  lead: readonly string[] = [],
): Promise<void> {
  let body = answer.body;
  let encoding = answerEncodingFor(body.length, request.headers['accept-encoding']);
  if (encoding !== null) ({ body, encoding } = await encodeAnswer(body, encoding));
  const headers = [
    ...lead,
    'Content-Type',
    'application/json; charset=utf-8',
    'Cache-Control',
    answer.personal ? 'private, no-store' : 'no-cache',
    'X-Content-Type-Options',
    'nosniff',
    'Vary',
    varyOf(response),
  ];
  if (encoding !== null) headers.push('Content-Encoding', encoding);
  headers.push('Content-Length', String(body.length));
  response.writeHead(answer.status, headers);
  response.end(body);
}

/**
 * `GET /api/proxy?url=…` reads and `POST /api/proxy?url=…` writes on the platform (architecture §6). Reads
 * usually arrive through `ProxyReadMiddleware`, the same guard and handling without the route walk; this
 * route takes them when that is off.
 */
@Controller('api/proxy')
@Authenticate('optional')
export class ProxyController {
  constructor(private readonly proxy: ProxyService) {}

  @Get()
  async read(@Req() request: Request, @Res() response: Response): Promise<void> {
    await sendProxyAnswer(request, response, await this.proxy.handle(this.call('GET', request, undefined)));
  }

  @Post()
  async write(@Req() request: Request, @Body() body: unknown, @Res() response: Response): Promise<void> {
    await sendProxyAnswer(request, response, await this.proxy.handle(this.call('POST', request, body)));
  }

  @All()
  other(): never {
    throw new ApiException(400, {
      code: 'proxy_method_not_allowed',
      message: 'Прокси принимает только GET (чтение) и POST (запись)',
    });
  }

  private call(method: 'GET' | 'POST', request: Request, body: unknown) {
    return {
      method,
      requestTarget: request.originalUrl,
      body,
      caller: callerOf(request),
      userId: userIdHeaderOf(request),
    };
  }
}
