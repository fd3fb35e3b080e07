import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  413: 'Request Entity Too Large',
  429: 'Too Many Requests',
};

/** An error answered the way DaData answers: `{family, reason, message}` with DaData's status. */
export class DadataError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 413 | 429,
    message: string,
  ) {
    super(message);
    this.name = 'DadataError';
  }

  toBody(): { family: 'CLIENT_ERROR'; reason: string; message: string } {
    return { family: 'CLIENT_ERROR', reason: REASONS[this.status] ?? 'Error', message: this.message };
  }
}

/** Scoped to the twin's controller so that the api's own error shape does not leak into DaData's protocol. */
@Catch(DadataError)
export class DadataErrorFilter implements ExceptionFilter {
  catch(error: DadataError, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(error.status).json(error.toBody());
  }
}
