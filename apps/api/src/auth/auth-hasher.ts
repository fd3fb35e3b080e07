import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { AUTH_CONFIG } from './auth-tokens';
import type { AuthConfig } from '../config/auth-config';

/**
 * Keyed hashes (HMAC-SHA-256) for what the store must recognise but never hold: confirmation codes
 * (a plain hash of six digits would be reversed by trying all million), refresh tokens, and the phone
 * or IP subjects of rate limits. Each use has its own key derived from the configured secret.
 */
@Injectable()
export class AuthHasher {
  private readonly keys: Record<'code' | 'refresh' | 'subject', Buffer>;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', config.hashSecret, 'federation-portal-auth', info, 32));
    this.keys = { code: derive('code'), refresh: derive('refresh'), subject: derive('subject') };
  }

  /** Bound to the code's row, so one row's hash says nothing about another's. */
  code(codeId: string, code: string): string {
    return this.hmac('code', `${codeId}:${code}`);
  }

  refreshToken(token: string): string {
    return this.hmac('refresh', token);
  }

  subject(kind: string, value: string): string {
    return this.hmac('subject', `${kind}:${value}`);
  }

  equal(a: string, b: string): boolean {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  }

  private hmac(key: keyof AuthHasher['keys'], value: string): string {
    return createHmac('sha256', this.keys[key]).update(value).digest('base64url');
  }
}
