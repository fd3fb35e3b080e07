import { Inject, Injectable, Logger, Module, type DynamicModule } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { ApiException } from './api-exception.filter';

/**
 * A per-client limit as people state it: a burst, then a steady rate. It is counted as a window of `burst`
 * requests every `burst / perMinute` minutes (30, then 120 a minute: 30 per 15 s), and a client past it
 * waits out one window from its first refused request.
 */
export interface RateLimitOptions {
  /** Requests a client may make at once. */
  burst: number;
  /** Requests a client may make per minute over time. */
  perMinute: number;
}

/** The client's address as Express sees it (`trust proxy` decides whether forwarded headers count). */
export function clientKeyOf(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/** The store behind every limit: `@nestjs/throttler`'s own in memory, or Redis shared by every instance. */
export interface RateLimitsModuleOptions {
  /** `REDIS_URL`: counted in Redis (`@nest-lab/throttler-storage-redis`); unset, in this process's memory. */
  redisUrl?: string;
}

const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiException(
    429,
    { code: 'too_many_requests', message: 'Слишком много запросов, повторите позже' },
    { 'Retry-After': String(Math.max(1, retryAfterSeconds)) },
  );

/** Redis unreachable: no count can be trusted, so refuse for now rather than let a flood through. */
const countUnavailable = () =>
  new ApiException(
    503,
    { code: 'service_unavailable', message: 'Сервис временно недоступен. Повторите через 5 с' },
    { 'Retry-After': '5' },
  );

/** One named limit (`suggestions`, `uploads`…) over the shared storage. */
export class RateLimit {
  private readonly windowMs: number;

  constructor(
    private readonly storage: ThrottlerStorage,
    private readonly name: string,
    private readonly options: RateLimitOptions,
  ) {
    if (!(options.burst >= 1 && options.perMinute > 0)) {
      throw new Error(`RateLimit ${name}: burst must be at least 1 and perMinute above 0`);
    }
    this.windowMs = Math.max(1, Math.round((options.burst / options.perMinute) * 60_000));
  }

  /** Counts one request of `key` (an address, `login:…`); past the limit, a 429 `ApiError` with `Retry-After`. */
  async take(key: string): Promise<void> {
    // Addresses and login ids are not kept in the clear in a store other services may read.
    const subject = createHash('sha256').update(`${this.name}\0${key}`).digest('base64url').slice(0, 32);
    let record;
    try {
      record = await this.storage.increment(
        `rl:${subject}`,
        this.windowMs,
        this.options.burst,
        this.windowMs,
        this.name,
      );
    } catch {
      throw countUnavailable();
    }
    if (record.isBlocked) throw tooManyRequests(record.timeToBlockExpire);
  }

  /** Counts one request of the request's client address. */
  takeFor(request: Request): Promise<void> {
    return this.take(clientKeyOf(request));
  }
}

/** Makes the named limits every module counts with; one storage for all of them. */
@Injectable()
export class RateLimits {
  constructor(@Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage) {}

  limit(name: string, options: RateLimitOptions): RateLimit {
    return new RateLimit(this.storage, name, options);
  }
}

/**
 * The Redis storage, its connection failing a count within a second when Redis is away instead of queueing
 * it; Nest closes the connection with the app (the storage's own `onModuleDestroy`).
 */
export function redisRateLimitStorage(url: string): ThrottlerStorageRedisService {
  const storage = new ThrottlerStorageRedisService(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  });
  const logger = new Logger('RateLimits');
  let down = false;
  // Once per outage, without the URL (it may carry a password); the refused requests say the rest.
  storage.redis.on('error', (error: Error) => {
    if (!down) logger.warn(`Redis unreachable, limited routes answer 503: ${error.message}`);
    down = true;
  });
  storage.redis.on('ready', () => {
    if (down) logger.log('Redis reachable again');
    down = false;
  });
  return storage;
}

/** Global: every module of the app asks `RateLimits` for its limits. */
@Module({})
export class RateLimitsModule {
  static forRoot(options: RateLimitsModuleOptions = {}): DynamicModule {
    return {
      module: RateLimitsModule,
      global: true,
      providers: [
        {
          provide: ThrottlerStorage,
          useFactory: () =>
            options.redisUrl === undefined
              ? new ThrottlerStorageService()
              : redisRateLimitStorage(options.redisUrl),
        },
        RateLimits,
      ],
      exports: [RateLimits],
    };
  }
}
