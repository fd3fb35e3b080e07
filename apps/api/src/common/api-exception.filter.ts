import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { ApiError } from '@fed/contracts';
import type { Request, Response } from 'express';
import { requestIdOf } from './request-id';

const codesByStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** Thrown by our own code when the answer should carry a specific code or field errors. */
export class ApiException extends HttpException {
  constructor(
    status: number,
    readonly body: Omit<ApiError, 'statusCode'>,
    /** Response headers the answer must carry, e.g. `Retry-After` on a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.message, status);
  }
}

/** Every error leaves the api as one JSON shape (`ApiError`), never as an HTML page or a stack trace. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const body = { ...this.toApiError(exception), requestId: requestIdOf(request) };
    if (body.statusCode >= 500 && exception instanceof ApiException) {
      // A failure the api foresaw (a platform that is down or slow): one line to find the request by, no stack.
      // The path without its query: a query may carry what someone searched for.
      this.logger.warn(
        `${body.statusCode} ${body.code} ${request.method} ${request.path} [${body.requestId}]: ${body.message}`,
      );
    } else if (body.statusCode >= 500) {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (exception instanceof ApiException) {
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
    }
    response.status(body.statusCode).json(body);
  }

  private toApiError(exception: unknown): ApiError {
    if (exception instanceof ApiException) {
      return { statusCode: exception.getStatus(), ...exception.body };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const answer = exception.getResponse();
      const message =
        typeof answer === 'string'
          ? answer
          : typeof answer === 'object' && answer !== null && 'message' in answer
            ? [answer.message].flat().join('; ')
            : exception.message;
      return { statusCode, code: codesByStatus[statusCode] ?? 'error', message };
    }
    const statusCode = HttpStatus.INTERNAL_SERVER_ERROR;
    return { statusCode, code: 'internal_error', message: 'Внутренняя ошибка сервера' };
  }
}
