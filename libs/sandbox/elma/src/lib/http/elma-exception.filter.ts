import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { ElmaErrorAnswer } from '@fed/contracts';
import type { Response } from 'express';
import { ElmaError } from '../core/elma-error';
import { ElmaNoAnswer } from '../core/faults';

/** Every error of the twin leaves as the platform answers errors: the status and `{success: false, error}`. */
@Catch()
export class ElmaExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ElmaTwin');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof ElmaNoAnswer) {
      // The fault switch: a platform that is down closes the connection; a caller that gave up has none left.
      response.socket?.destroy();
      return;
    }
    let status = 500;
    let error = 'internal error';
    if (exception instanceof ElmaError) {
      status = exception.status;
      error = exception.message;
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const answer = exception.getResponse();
      error =
        typeof answer === 'object' && answer !== null && 'message' in answer
          ? [answer.message].flat().join('; ')
          : exception.message;
    } else {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    const body: ElmaErrorAnswer = { success: false, error };
    response.status(status).json(body);
  }
}
