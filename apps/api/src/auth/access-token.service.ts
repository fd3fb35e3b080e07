import { Inject, Injectable } from '@nestjs/common';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ACCESS_TOKEN_TYPE,
  accessTokenClaimsSchema,
  type AccessTokenClaims,
  type ContractorType,
} from '@fed/contracts';
import { createHmac, randomUUID, sign, timingSafeEqual, verify } from 'node:crypto';
import type { AuthConfig, JwtVerifyKey } from '../config/auth-config';
import { CLOCK, type Clock } from '../common/clock';
import { authErrors } from './auth-errors';
import { AUTH_CONFIG } from './auth-tokens';

/** What an access token says about its bearer. */
export interface AccessSubject {
  loginId: string;
  /** The refresh family (session) the token was issued in. */
  sessionId: string;
  contractorType: ContractorType;
  /** The login's athletes, the active one first when the active role is sportsman. */
  sportsmanIds: readonly string[];
  organizationId: string | null;
}

/** Verified claims plus the session id (`sid`), which is ours and not part of the portal's contract. */
export type VerifiedAccessToken = AccessTokenClaims & { sid: string };

const JWT_PART = /^[A-Za-z0-9_-]+$/;

/** Built once: building a zod schema costs more than checking a token with it (every request checks one). */
const verifiedClaimsSchema = accessTokenClaimsSchema.extend({ sid: accessTokenClaimsSchema.shape.jti });

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function decodeJson(part: string): unknown {
  if (!JWT_PART.test(part)) return null;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * Access JWTs signed with node:crypto. The algorithm is fixed by configuration (HS256 with a secret,
 * RS256 or ES256 with a private key) and verification accepts the configured keys only — the signing one,
 * and during a rotation the previous one (`JWT_PREVIOUS_KEY`) — never `none` and never an algorithm the
 * header asks for that no configured key has; `typ`, `iss`, `aud` and `exp` are checked on every token.
 */
@Injectable()
export class AccessTokenService {
  /** The keys a signature may match, the signing one first. */
  private readonly verifyKeys: readonly JwtVerifyKey[];

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    const signing = config.jwt;
    const current: JwtVerifyKey =
      signing.algorithm === 'HS256'
        ? signing
        : { algorithm: signing.algorithm, publicKey: signing.publicKey };
    this.verifyKeys = config.previousJwt === undefined ? [current] : [current, config.previousJwt];
  }

  issue(subject: AccessSubject): string {
    const iat = Math.floor(this.clock.now() / 1000);
    const [first, ...rest] = subject.sportsmanIds;
    const claims: VerifiedAccessToken = {
      sub: subject.loginId,
      iss: this.config.issuer,
      aud: this.config.audience,
      typ: ACCESS_TOKEN_TYPE,
      iat,
      exp: iat + ACCESS_TOKEN_TTL_SECONDS,
      jti: randomUUID(),
      sid: subject.sessionId,
      // The active athlete only: a list of one when the login holds several (the portal then loads the linked
      // accounts), so the token stays the same size however large the family grows. The guard reads the
      // login's athletes from the store.
      ...(first === undefined ? {} : { Sportsman: rest.length === 0 ? first : [first] }),
      ...(subject.organizationId === null ? {} : { Organization: subject.organizationId }),
      ContractorType: subject.contractorType,
    };
    const header = base64url(JSON.stringify({ alg: this.config.jwt.algorithm, typ: 'JWT' }));
    const payload = base64url(JSON.stringify(claims));
    const signingInput = `${header}.${payload}`;
    return `${signingInput}.${this.signature(signingInput).toString('base64url')}`;
  }

  /** The token's claims, or a 401 `ApiException` for anything not signed by us, not for us, or expired. */
  verify(token: string): VerifiedAccessToken {
    const parts = token.split('.');
    if (parts.length !== 3) throw authErrors.tokenInvalid();
    const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
    const header = decodeJson(headerPart);
    if (
      typeof header !== 'object' ||
      header === null ||
      !('alg' in header) ||
      !this.verifyKeys.some((key) => key.algorithm === header.alg) ||
      ('typ' in header && header.typ !== 'JWT') ||
      'crit' in header
    ) {
      throw authErrors.tokenInvalid();
    }
    const signingInput = `${headerPart}.${payloadPart}`;
    if (
      !JWT_PART.test(signaturePart) ||
      !this.verifyKeys.some(
        (key) => key.algorithm === header.alg && signatureMatches(key, signingInput, signaturePart),
      )
    ) {
      throw authErrors.tokenInvalid();
    }
    const payload = decodeJson(payloadPart);
    const parsed = verifiedClaimsSchema.safeParse(payload);
    if (!parsed.success) throw authErrors.tokenInvalid();
    const claims = parsed.data;
    const now = Math.floor(this.clock.now() / 1000);
    if (claims.iss !== this.config.issuer || claims.aud !== this.config.audience)
      throw authErrors.tokenInvalid();
    if (claims.exp <= now || claims.iat > now + 60) throw authErrors.tokenInvalid();
    return claims;
  }

  private signature(signingInput: string): Buffer {
    const keys = this.config.jwt;
    switch (keys.algorithm) {
      case 'HS256':
        return createHmac('sha256', keys.secret).update(signingInput).digest();
      case 'RS256':
        return sign('sha256', Buffer.from(signingInput), keys.privateKey);
      case 'ES256':
        return sign('sha256', Buffer.from(signingInput), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
    }
  }
}

function signatureMatches(key: JwtVerifyKey, signingInput: string, signaturePart: string): boolean {
  const given = Buffer.from(signaturePart, 'base64url');
  switch (key.algorithm) {
    case 'HS256': {
      const expected = createHmac('sha256', key.secret).update(signingInput).digest();
      return given.length === expected.length && timingSafeEqual(given, expected);
    }
    case 'RS256':
      return verify('sha256', Buffer.from(signingInput), key.publicKey, given);
    case 'ES256':
      return verify(
        'sha256',
        Buffer.from(signingInput),
        { key: key.publicKey, dsaEncoding: 'ieee-p1363' },
        given,
      );
  }
}
