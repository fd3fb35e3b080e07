import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLIENT_LOG_MAX_BODY_BYTES, clientLogRecordSchema } from '@fed/contracts';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception.filter';
import type { Caller, GatewayAuthGuardOption } from '../proxy/caller';
import { parseOr400 } from '../common/field-errors';
import { TokenBuckets, type RateLimitOptions } from '../proxy/token-bucket';
import { scrubLogText } from './log-scrub';

export interface ClientLogModuleOptions {
  /** Largest body accepted, in bytes (413 past it). Default 4096. */
  maxBodyBytes?: number;
  /** Per-IP limit. Default a burst of 10, then 30 a minute. */
  rateLimit?: RateLimitOptions;
  /** The auth server's guard, to log the caller's login id when the report carries a valid token. */
  authGuard?: GatewayAuthGuardOption;
}

export const CLIENT_LOG_OPTIONS = Symbol('CLIENT_LOG_OPTIONS');

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Client failure reports (`POST /log`) into the structured server log, scrubbed of secrets and personal data. */
@Injectable()
export class ClientLogService {
  private readonly logger = new Logger('ClientLog');
  private readonly buckets: TokenBuckets;
  private readonly maxBodyBytes: number;

  constructor(@Inject(CLIENT_LOG_OPTIONS) options: ClientLogModuleOptions) {
    this.buckets = new TokenBuckets(options.rateLimit ?? { burst: 10, perMinute: 30 });
    this.maxBodyBytes = options.maxBodyBytes ?? CLIENT_LOG_MAX_BODY_BYTES;
  }

  record(request: Request, body: unknown, caller: Caller | null): void {
    this.buckets.takeOrThrow(request);
    const declared = Number(request.headers['content-length'] ?? 0);
    const size =
      Number.isFinite(declared) && declared > 0 ? declared : Buffer.byteLength(JSON.stringify(body ?? null));
    if (size > this.maxBodyBytes) {
      throw new ApiException(413, {
        code: 'payload_too_large',
        message: `Сообщение больше ${this.maxBodyBytes} байт`,
      });
    }
    const record = parseOr400(clientLogRecordSchema, body ?? {});
    const header = request.headers['x-request-id'];
    const requestId = typeof header === 'string' && REQUEST_ID.test(header) ? header : undefined;
    this.logger.warn({
      event: 'client_error',
      clientTime: record.timestamp,
      msg: scrubLogText(record.msg),
      ...(caller === null ? {} : { loginId: caller.loginId }),
      ...(requestId === undefined ? {} : { requestId }),
    });
  }
}
