import { All, Body, Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception.filter';
import { Authenticate, callerOf, userIdHeaderOf } from '../common/caller';
import { encodeAnswer } from './answer-encoding';
import { ProxyService, type ProxyAnswer } from './proxy.service';

/**
 * The proxy's answer on the wire, compressed when the caller accepts it (`answer-encoding.ts`): the controller's
 * and the read middleware's one way to send it.
 */
export async function sendProxyAnswer(
  request: Request,
  response: Response,
  answer: ProxyAnswer,
): Promise<void> {
  const { body, encoding } = await encodeAnswer(answer.body, request.get('Accept-Encoding'));
  response.status(answer.status);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Cache-Control', answer.personal ? 'private, no-store' : 'no-cache');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.vary('Accept-Encoding');
  if (encoding !== null) response.setHeader('Content-Encoding', encoding);
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
