import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { GeneratedSecret } from './env';

/**
 * The auth server's variables (read by `loadConfig` with every other one):
 *
 * - `JWT_SECRET` (≥ 32 characters) signs access tokens with HS256, or `JWT_PRIVATE_KEY` (PEM, RSA or
 *   EC P-256; `\n` may be written as a literal backslash-n) signs them with RS256 / ES256. Never both.
 *   A real deployment must set one; a sandbox without either gets a secret generated at its first start
 *   and kept in `{AUTH_DATA_DIR}/jwt-secret` (`prepareSandboxSecrets`).
 * - `JWT_ISSUER` (default `federation-portal`), `JWT_AUDIENCE` (default `federation-portal-api`).
 * - `DATABASE_URL`: `postgres://…` selects PostgreSQL; unset means SQLite at `{AUTH_DATA_DIR}/auth.sqlite`.
 * - `AUTH_DATA_DIR` (default `var`): the api's own data (the SQLite store, the sandbox secret, caches).
 * - `AUTH_RELAXED_CODE_LIMITS=true` (sandbox only): no wait between codes to one phone and high send
 *   limits, so end-to-end runs can sign the same demo phone in many times.
 * - Rotating the key without signing anyone out (docs/runbook.md): `JWT_PREVIOUS_KEY` is the key signing
 *   stopped with (the old `JWT_SECRET`, or the old `JWT_PRIVATE_KEY` or its public key), still accepted for
 *   verification until the last token it signed expires (15 min); `AUTH_HASH_SECRET` is the key the store's
 *   keyed hashes (codes, refresh tokens, limit subjects) come from — unset, the JWT key itself, so it must
 *   hold the old key's value from the first rotation on, or every refresh token is lost with the old key.
 */
export const authEnvShape = {
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_PRIVATE_KEY: z.string().min(1).optional(),
  JWT_ISSUER: z.string().min(1).default('federation-portal'),
  JWT_AUDIENCE: z.string().min(1).default('federation-portal-api'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  AUTH_DATA_DIR: z.string().trim().min(1).default('var'),
  AUTH_RELAXED_CODE_LIMITS: z.enum(['true', 'false']).default('false'),
  JWT_PREVIOUS_KEY: z.string().min(1).optional(),
  AUTH_HASH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
};

type AuthEnv = z.infer<z.ZodObject<typeof authEnvShape>>;

/** How often codes may be sent: the product's limits, or the sandbox's relaxed ones for end-to-end runs. */
export interface CodeSendLimits {
  resendAfterMs: number;
  sendsPerPhonePerHour: number;
  sendsPerIpPerHour: number;
}

export type JwtAlgorithm = 'HS256' | 'RS256' | 'ES256';

/** The pinned signing algorithm and its keys; verification accepts nothing else. */
export type JwtKeys =
  | { algorithm: 'HS256'; secret: Buffer }
  | { algorithm: 'RS256' | 'ES256'; privateKey: KeyObject; publicKey: KeyObject };

/** A key that no longer signs but still verifies: the one signing stopped with, during a rotation. */
export type JwtVerifyKey =
  { algorithm: 'HS256'; secret: Buffer } | { algorithm: 'RS256' | 'ES256'; publicKey: KeyObject };

export interface AuthConfig {
  jwt: JwtKeys;
  /** `JWT_PREVIOUS_KEY`: tokens it signed are still accepted until they expire. */
  previousJwt?: JwtVerifyKey;
  /** Where the JWT key came from, for the start-up log (never the key itself). */
  jwtKeySource: 'JWT_SECRET' | 'JWT_PRIVATE_KEY' | 'generated';
  issuer: string;
  audience: string;
  database: { kind: 'postgres'; url: string } | { kind: 'sqlite'; file: string };
  dataDir: string;
  /** Key material for hashing codes, refresh tokens and rate-limit subjects (derived, never the JWT key itself). */
  hashSecret: Buffer;
  /** Absent: the product's limits (`authLimits`). */
  codeSendLimits?: CodeSendLimits;
}

/** A sandbox's auth configuration before its generated secret exists (`prepareSandboxSecrets` adds it). */
export type PendingAuthConfig = Omit<AuthConfig, 'jwt' | 'jwtKeySource' | 'hashSecret'> & {
  jwtKeySource: 'generated';
  jwt: GeneratedSecret;
  /** `AUTH_HASH_SECRET`'s key material when set; else the generated secret's. */
  hashKeyMaterial?: Buffer;
};

export function awaitsGeneratedSecret(auth: AuthConfig | PendingAuthConfig): auth is PendingAuthConfig {
  return 'generatedInto' in auth.jwt;
}

export const RELAXED_CODE_SEND_LIMITS: CodeSendLimits = {
  resendAfterMs: 0,
  sendsPerPhonePerHour: 1000,
  sendsPerIpPerHour: 10_000,
};

/** The file a sandbox keeps its generated JWT secret in. */
export const JWT_SECRET_FILE = 'jwt-secret';

const unescapedPem = (pem: string) => pem.replace(/\\n/g, '\n');

function keysFromPem(pem: string): JwtKeys {
  const privateKey = createPrivateKey(unescapedPem(pem));
  const publicKey = createPublicKey(privateKey);
  if (privateKey.asymmetricKeyType === 'rsa') return { algorithm: 'RS256', privateKey, publicKey };
  if (privateKey.asymmetricKeyType === 'ec' && privateKey.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { algorithm: 'ES256', privateKey, publicKey };
  }
  throw new Error('must be an RSA or EC P-256 private key');
}

/**
 * The bytes the keyed hashes come from for a key written as the JWT variables take it: a secret's own bytes,
 * a PEM private key's PKCS#8 form — what they have always been for `JWT_SECRET` and `JWT_PRIVATE_KEY`, so
 * `AUTH_HASH_SECRET` set to the old key's value keeps every stored hash valid.
 */
function keyMaterialOf(value: string): Buffer {
  if (!value.trimStart().startsWith('-----BEGIN')) return Buffer.from(value, 'utf8');
  return Buffer.from(createPrivateKey(unescapedPem(value)).export({ format: 'der', type: 'pkcs8' }));
}

/** A previous key for verification: a secret (HS256), or a PEM private or public key (RS256, ES256). */
function verifyKeyOf(value: string): JwtVerifyKey {
  if (!value.trimStart().startsWith('-----BEGIN')) {
    if (value.length < 32) throw new Error('a secret must be at least 32 characters');
    return { algorithm: 'HS256', secret: Buffer.from(value, 'utf8') };
  }
  const publicKey = createPublicKey(unescapedPem(value));
  if (publicKey.asymmetricKeyType === 'rsa') return { algorithm: 'RS256', publicKey };
  if (publicKey.asymmetricKeyType === 'ec' && publicKey.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { algorithm: 'ES256', publicKey };
  }
  throw new Error('must be an RSA or EC P-256 key');
}

/**
 * The auth configuration with its signing keys; the hashing secret is `hashKeyMaterial` when given
 * (`AUTH_HASH_SECRET`), else derived from the signing key.
 */
export function withJwtKeys(
  settings: Omit<AuthConfig, 'jwt' | 'jwtKeySource' | 'hashSecret'> & { hashKeyMaterial?: Buffer },
  jwt: JwtKeys,
  jwtKeySource: AuthConfig['jwtKeySource'],
): AuthConfig {
  const { hashKeyMaterial, ...rest } = settings;
  const keyMaterial =
    jwt.algorithm === 'HS256' ? jwt.secret : jwt.privateKey.export({ format: 'der', type: 'pkcs8' });
  return { ...rest, jwt, jwtKeySource, hashSecret: Buffer.from(hashKeyMaterial ?? keyMaterial) };
}

/**
 * The auth section of `loadConfig`: problems go to `problems`, each naming its variable. Without a key, a
 * pending configuration whose secret the sandbox generates (a real deployment refuses it in `deployment.ts`).
 */
export function authConfigFrom(values: AuthEnv, problems: string[]): AuthConfig | PendingAuthConfig {
  const dataDir = resolve(values.AUTH_DATA_DIR);
  const read = <T>(variable: string, what: string, value: string | undefined, parse: (v: string) => T) => {
    if (value === undefined) return undefined;
    try {
      return parse(value);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push(`${variable}: ${what} (${reason})`);
      return undefined;
    }
  };
  const previousJwt = read(
    'JWT_PREVIOUS_KEY',
    'not a usable secret or PEM key',
    values.JWT_PREVIOUS_KEY,
    verifyKeyOf,
  );
  const hashKeyMaterial = read(
    'AUTH_HASH_SECRET',
    'neither a secret nor a PEM private key',
    values.AUTH_HASH_SECRET,
    keyMaterialOf,
  );
  const settings = {
    issuer: values.JWT_ISSUER,
    audience: values.JWT_AUDIENCE,
    database: values.DATABASE_URL
      ? { kind: 'postgres' as const, url: values.DATABASE_URL }
      : { kind: 'sqlite' as const, file: join(dataDir, 'auth.sqlite') },
    dataDir,
    ...(values.AUTH_RELAXED_CODE_LIMITS === 'true' && { codeSendLimits: RELAXED_CODE_SEND_LIMITS }),
    ...(previousJwt && { previousJwt }),
    ...(hashKeyMaterial && { hashKeyMaterial }),
  };
  if (values.JWT_SECRET && values.JWT_PRIVATE_KEY) {
    problems.push('JWT_SECRET, JWT_PRIVATE_KEY: set one of them, not both');
  }
  if (values.JWT_PRIVATE_KEY) {
    try {
      return withJwtKeys(settings, keysFromPem(values.JWT_PRIVATE_KEY), 'JWT_PRIVATE_KEY');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push(`JWT_PRIVATE_KEY: not a usable PEM private key (${reason})`);
    }
  } else if (values.JWT_SECRET) {
    const secret = Buffer.from(values.JWT_SECRET, 'utf8');
    return withJwtKeys(settings, { algorithm: 'HS256', secret }, 'JWT_SECRET');
  }
  return { ...settings, jwtKeySource: 'generated', jwt: { generatedInto: join(dataDir, JWT_SECRET_FILE) } };
}
