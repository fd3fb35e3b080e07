import type { Request } from 'express';
import { ApiException } from './api-exception.filter';

export interface RateLimitOptions {
  /** Requests a client may make at once (bucket size). */
  burst: number;
  /** Requests a client regains per minute. */
  perMinute: number;
  /** Clients tracked at most; the least recently seen are forgotten first. Default 10 000. */
  maxClients?: number;
}

/** The client's address as Express sees it (`trust proxy` decides whether forwarded headers count). */
export function clientKeyOf(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/**
 * An in-memory token bucket per key (client IP, login). One process only: behind several api instances each
 * counts on its own, which is the documented trade-off until limits move to Redis (architecture §1).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly maxClients: number;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.maxClients = options.maxClients ?? 10_000;
  }

  /** Takes one token; returns 0 when allowed, else the seconds until the next token. */
  take(key: string): number {
    const now = this.now();
    const perMs = this.options.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.options.burst, at: now };
    this.buckets.delete(key);
    bucket.tokens = Math.min(this.options.burst, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxClients) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  /** Takes a token for the request's client, or throws a 429 `ApiError` with `Retry-After`. */
  takeOrThrow(request: Request): void {
    this.takeOrThrowFor(clientKeyOf(request));
  }

  /** Takes a token for `key`, or throws a 429 `ApiError` with `Retry-After`. */
  takeOrThrowFor(key: string): void {
    const retryAfter = this.take(key);
    if (retryAfter === 0) return;
    throw new ApiException(
      429,
      { code: 'too_many_requests', message: 'Слишком много запросов, повторите позже' },
      { 'Retry-After': String(retryAfter) },
    );
  }
}
