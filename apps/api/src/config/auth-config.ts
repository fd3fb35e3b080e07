import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';

/**
 * Configuration of the auth server, read from the environment once at start-up:
 *
 * - `JWT_SECRET` (≥ 32 characters) signs access tokens with HS256, or `JWT_PRIVATE_KEY` (PEM, RSA or
 *   EC P-256; `\n` may be written as a literal backslash-n) signs them with RS256 / ES256. Never both.
 *   When neither is set in sandbox mode (no `PLATFORM_URL`: the demo federation) or outside production, a
 *   random secret is generated once into `{AUTH_DATA_DIR}/jwt-secret`; against the real platform in
 *   production one of them is required.
 * - `JWT_ISSUER` (default `federation-portal`), `JWT_AUDIENCE` (default `federation-portal-api`).
 * - `DATABASE_URL`: `postgres://…` selects PostgreSQL; unset means SQLite at `{AUTH_DATA_DIR}/auth.sqlite`.
 * - `AUTH_DATA_DIR` (default `var/`): where the SQLite file and the sandbox secret live.
 * - `AUTH_RELAXED_CODE_LIMITS=true` (sandbox mode only): no wait between codes to one phone and high send
 *   limits, so end-to-end runs can sign the same demo phone in many times. Refused against the real platform.
 */
const authEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_PRIVATE_KEY: z.string().min(1).optional(),
  JWT_ISSUER: z.string().min(1).default('federation-portal'),
  JWT_AUDIENCE: z.string().min(1).default('federation-portal-api'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  AUTH_DATA_DIR: z.string().min(1).default('var'),
  /** Only whether it is set: unset means sandbox mode (the platform twin). */
  PLATFORM_URL: z.string().optional(),
  AUTH_RELAXED_CODE_LIMITS: z.enum(['true', 'false']).default('false'),
});

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

export interface AuthConfig {
  jwt: JwtKeys;
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

export const RELAXED_CODE_SEND_LIMITS: CodeSendLimits = {
  resendAfterMs: 0,
  sendsPerPhonePerHour: 1000,
  sendsPerIpPerHour: 10_000,
};

function keysFromPem(pem: string): JwtKeys {
  const privateKey = createPrivateKey(pem.replace(/\\n/g, '\n'));
  const publicKey = createPublicKey(privateKey);
  if (privateKey.asymmetricKeyType === 'rsa') return { algorithm: 'RS256', privateKey, publicKey };
  if (privateKey.asymmetricKeyType === 'ec' && privateKey.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { algorithm: 'ES256', privateKey, publicKey };
  }
  throw new Error('must be an RSA or EC P-256 private key');
}

/** A secret generated once per data directory, so sandbox tokens survive a restart. */
function sandboxSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48);
  writeFileSync(file, secret.toString('base64url'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Reads the auth configuration; a missing or bad value throws a `ConfigError` naming the variable. */
export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const parsed = authEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  const dataDir = resolve(values.AUTH_DATA_DIR);
  if (values.JWT_SECRET && values.JWT_PRIVATE_KEY) {
    throw new ConfigError(['JWT_SECRET, JWT_PRIVATE_KEY: set one of them, not both']);
  }
  let jwt: JwtKeys;
  let jwtKeySource: AuthConfig['jwtKeySource'];
  if (values.JWT_PRIVATE_KEY) {
    try {
      jwt = keysFromPem(values.JWT_PRIVATE_KEY);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError([`JWT_PRIVATE_KEY: not a usable PEM private key (${reason})`]);
    }
    jwtKeySource = 'JWT_PRIVATE_KEY';
  } else if (values.JWT_SECRET) {
    jwt = { algorithm: 'HS256', secret: Buffer.from(values.JWT_SECRET, 'utf8') };
    jwtKeySource = 'JWT_SECRET';
  } else if (values.NODE_ENV !== 'production' || !values.PLATFORM_URL) {
    jwt = { algorithm: 'HS256', secret: sandboxSecret(dataDir) };
    jwtKeySource = 'generated';
  } else {
    throw new ConfigError([
      'JWT_SECRET or JWT_PRIVATE_KEY: required in production against the real platform (a random secret is generated only in sandbox mode or outside production)',
    ]);
  }
  const relaxed = values.AUTH_RELAXED_CODE_LIMITS === 'true';
  if (relaxed && values.PLATFORM_URL) {
    throw new ConfigError(['AUTH_RELAXED_CODE_LIMITS: only for the sandbox (unset PLATFORM_URL)']);
  }
  const keyMaterial =
    jwt.algorithm === 'HS256' ? jwt.secret : jwt.privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    jwt,
    jwtKeySource,
    issuer: values.JWT_ISSUER,
    audience: values.JWT_AUDIENCE,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'sqlite', file: join(dataDir, 'auth.sqlite') },
    dataDir,
    hashSecret: Buffer.from(keyMaterial),
    ...(relaxed && { codeSendLimits: RELAXED_CODE_SEND_LIMITS }),
  };
}
