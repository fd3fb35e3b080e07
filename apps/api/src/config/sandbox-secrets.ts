import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppConfig, LoadedConfig } from './app-config';
import { awaitsGeneratedSecret, withJwtKeys } from './auth-config';
import type { GeneratedSecret } from './env';

/**
 * The sandbox's start-up step after `loadConfig`: the secrets the environment leaves unset (the platform twin's
 * token, the JWT secret, the YooKassa twin's shop key) are generated at the first start into their files
 * (owner-only, in owner-only directories) and read back at every later start, so tokens and sessions survive
 * a restart. A real deployment has nothing to generate (`loadConfig` refuses it), and this returns its
 * configuration unchanged.
 */
export function prepareSandboxSecrets(loaded: LoadedConfig): AppConfig {
  const { platform, auth, payments } = loaded;
  return {
    ...loaded,
    platform:
      typeof platform.token === 'string'
        ? { url: platform.url, token: platform.token }
        : { url: platform.url, token: keptSecret(platform.token, 32) },
    auth: awaitsGeneratedSecret(auth)
      ? withJwtKeys(
          auth,
          { algorithm: 'HS256', secret: Buffer.from(keptSecret(auth.jwt, 48), 'base64url') },
          'generated',
        )
      : auth,
    payments: {
      ...payments,
      secretKey:
        typeof payments.secretKey === 'string'
          ? payments.secretKey
          : `test_${keptSecret(payments.secretKey, 32)}`,
    },
  };
}

/** The secret kept in its file, or `bytes` random bytes (base64url) written there on the first start. */
function keptSecret({ generatedInto: file }: GeneratedSecret, bytes: number): string {
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 16) return kept;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
