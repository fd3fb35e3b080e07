import { Controller, Get, Logger, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { YookassaError } from '../yookassa-error';
import { YookassaTwinService, type TwinAnswer } from '../yookassa-twin.service';

/**
 * YooKassa's API v3 under `/sandbox/yookassa/v3`: the api's payment adapter uses
 * `http://127.0.0.1:PORT/sandbox/yookassa/v3` where it would use `https://api.yookassa.ru/v3`.
 * Every call: Basic auth, the rate limit, the test switches (fail, delay), then the work; every POST under
 * its `Idempotence-Key`.
 */
@Controller('sandbox/yookassa/v3')
export class YookassaApiController {
  private readonly logger = new Logger('YookassaTwin');

  constructor(private readonly twin: YookassaTwinService) {}

  @Post('payments')
  createPayment(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.handle(request, response, (shopId) => this.twin.createPayment(shopId, request.body));
  }

  @Get('payments')
  listPayments(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.handle(request, response, (shopId) => this.twin.listPayments(shopId, queryOf(request)));
  }

  @Get('payments/:id')
  getPayment(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.handle(request, response, (shopId) => this.twin.getPayment(shopId, idOf(request)));
  }

  @Post('payments/:id/capture')
  capturePayment(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.handle(request, response, (shopId) =>
      this.twin.capturePayment(shopId, idOf(request), request.body),
    );
  }

  @Post('payments/:id/cancel')
  cancelPayment(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.handle(request, response, (shopId) => this.twin.cancelPayment(shopId, idOf(request)));
  }

  @Post('refunds')
  createRefund(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.handle(request, response, (shopId) => this.twin.createRefund(shopId, request.body));
  }

  @Get('refunds')
  listRefunds(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.handle(request, response, (shopId) => this.twin.listRefunds(shopId, queryOf(request)));
  }

  @Get('refunds/:id')
  getRefund(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.handle(request, response, (shopId) => this.twin.getRefund(shopId, idOf(request)));
  }

  private async handle(
    request: Request,
    response: Response,
    work: (shopId: string) => TwinAnswer,
  ): Promise<void> {
    let answer: TwinAnswer;
    try {
      const shopId = this.twin.authenticate(request.headers.authorization);
      this.twin.countCall(shopId);
      this.twin.expireDue();
      const failure = this.twin.switches.takeFailure();
      if (failure === 'before') throw internalError();
      answer =
        request.method === 'POST'
          ? this.twin.idempotent(
              shopId,
              request.header('Idempotence-Key'),
              { path: request.path, body: request.body ?? {} },
              () => work(shopId),
            )
          : work(shopId);
      // Done and remembered under its key, but the answer is lost: only a repeat learns it.
      if (failure === 'after') throw internalError();
    } catch (error) {
      if (!(error instanceof YookassaError)) {
        this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      }
      const known = error instanceof YookassaError ? error : internalError();
      answer = { status: known.status, body: known.body() };
    }
    const delay = this.twin.switches.takeDelay();
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (!response.headersSent && !response.destroyed) response.status(answer.status).json(answer.body);
  }
}

function idOf(request: Request): string {
  return String(request.params['id'] ?? '');
}

/**
 * The query string as sent, read apart from the app's query parser (which may make `a[b]=c` an object): every
 * parameter a string, a repeated one repeated. A malformed escape stays as it is rather than throwing.
 */
function queryOf(request: Request): URLSearchParams {
  const url = request.originalUrl;
  const start = url.indexOf('?');
  return new URLSearchParams(start < 0 ? '' : url.slice(start + 1));
}

function internalError(): YookassaError {
  return new YookassaError(
    'internal_server_error',
    'Internal server error. Repeat the request with the same Idempotence-Key',
  );
}
