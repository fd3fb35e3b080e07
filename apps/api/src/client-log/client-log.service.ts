import { Inject, Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { CLIENT_LOG_MAX_BODY_BYTES, type ClientLogRecord } from '@fed/contracts';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception.filter';
import { RateLimits, type RateLimit, type RateLimitOptions } from '../common/rate-limits';
import { scrubLogText } from './log-scrub';

export interface ClientLogModuleOptions {
  /** Largest body accepted, in bytes (413 past it). Default 8192. */
  maxBodyBytes?: number;
  /** Per-IP limit. Default a burst of 10, then 30 a minute. */
  rateLimit?: RateLimitOptions;
}

export const CLIENT_LOG_OPTIONS = Symbol('CLIENT_LOG_OPTIONS');

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Before a report is read: the client's budget (every report counts, good or bad), then its size (413),
 * so that an oversized report is refused as such rather than as a too long `msg`.
 */
@Injectable()
export class ClientLogIntakeGuard implements CanActivate {
  private readonly limit: RateLimit;
  private readonly maxBodyBytes: number;

  constructor(@Inject(CLIENT_LOG_OPTIONS) options: ClientLogModuleOptions, limits: RateLimits) {
    this.limit = limits.limit('client-log', options.rateLimit ?? { burst: 10, perMinute: 30 });
    this.maxBodyBytes = options.maxBodyBytes ?? CLIENT_LOG_MAX_BODY_BYTES;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    await this.limit.takeFor(request);
    const declared = Number(request.headers['content-length'] ?? 0);
    const size =
      Number.isFinite(declared) && declared > 0
        ? declared
        : Buffer.byteLength(JSON.stringify((request.body as unknown) ?? null));
    if (size > this.maxBodyBytes) {
      throw new ApiException(413, {
        code: 'payload_too_large',
        message: `Сообщение больше ${this.maxBodyBytes} байт`,
      });
    }
    return true;
  }
}

/** Client failure reports (`POST /log`) into the structured server log, scrubbed of secrets and personal data. */
@Injectable()
export class ClientLogService {
  private readonly logger = new Logger('ClientLog');

  /**
   * `loginId` and `userId` (the active record, or the `userId` header when it is one of the login's) of a valid
   * token, if any: ids only, never the token; `requestId` as the client sent it (kept only when it looks like one).
   */
  record(record: ClientLogRecord, context: { loginId?: string; userId?: string; requestId?: string }): void {
    const requestId =
      context.requestId !== undefined && REQUEST_ID.test(context.requestId) ? context.requestId : undefined;
    this.logger.warn({
      event: 'client_error',
      clientTime: record.timestamp,
      msg: scrubLogText(record.msg),
      ...(context.loginId === undefined ? {} : { loginId: context.loginId }),
      ...(context.userId === undefined || context.userId === '' ? {} : { userId: context.userId }),
      ...(requestId === undefined ? {} : { requestId }),
    });
  }
}
