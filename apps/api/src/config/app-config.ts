import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { PublicConfig } from '@fed/contracts';
import { ConfigError } from './config-error';
import { loadPublicConfig } from './public-config';
import { loadUpstreamsConfig, type UpstreamsConfig } from './upstreams-config';

/** The portal build sits beside the api build: dist/apps/api/main.cjs → dist/apps/portal. */
function defaultPortalDistDir(): string {
  const entry = process.argv[1] ? resolve(process.argv[1]) : '';
  const besideApi = resolve(dirname(entry), '../portal');
  return existsSync(besideApi) ? besideApi : resolve(process.cwd(), 'dist/apps/portal');
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  PORTAL_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** Proxies in front of the api (load balancer, nginx): per-IP limits need the client's address. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  PLATFORM_URL: z
    .union([
      z.literal('').transform(() => undefined),
      z
        .string()
        .trim()
        .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
        .transform((value) => value.replace(/\/+$/, '')),
    ])
    .optional(),
  PLATFORM_TOKEN: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  SANDBOX_DATA_DIR: z.string().trim().min(1).default('var/sandbox'),
  SANDBOX_SEED: z.enum(['demo', 'scale', 'none']).default('demo'),
});

/**
 * The business platform (ELMA365). With `PLATFORM_URL` set, the api talks to it with `PLATFORM_TOKEN`.
 * Unset, the api mounts the platform twin under `/sandbox/elma` and talks to itself over HTTP, so the code
 * path is the production one; the twin's token is `PLATFORM_TOKEN` or one generated once into
 * `{SANDBOX_DATA_DIR}/platform-token`, and its data lives in `SANDBOX_DATA_DIR`, seeded by `SANDBOX_SEED`.
 */
export type PlatformConfig =
  | { mode: 'upstream'; url: string; token: string }
  | { mode: 'sandbox'; url: string; token: string; dataDir: string; seed: 'demo' | 'scale' | 'none' };

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  portalDistDir: string;
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  /** How many proxies in front to trust for the client's address (`TRUST_PROXY`). */
  trustProxy?: number;
  /** Set by `loadConfig`; an app built by hand without it mounts no sandbox. */
  platform?: PlatformConfig;
  /** `SANDBOX_DATA_DIR`: where every sandbox twin keeps its data. */
  sandboxDataDir?: string;
  /** DaData and SMS (`upstreams-config.ts`); their twins are mounted when they are not configured. */
  upstreams?: UpstreamsConfig;
  /** What the browser may see (`public-config.ts`): the same ids for the portal and the proxy. */
  publicConfig?: PublicConfig;
}

export { ConfigError };

/** Reads the api's configuration from the environment once, at start-up; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  if (values.PLATFORM_URL && !values.PLATFORM_TOKEN) {
    throw new ConfigError(['PLATFORM_TOKEN: required when PLATFORM_URL is set']);
  }
  if (values.PLATFORM_TOKEN !== undefined && values.PLATFORM_TOKEN.length < 16) {
    throw new ConfigError(['PLATFORM_TOKEN: must be at least 16 characters']);
  }
  const sandboxDir = resolve(values.SANDBOX_DATA_DIR);
  const platform: PlatformConfig = values.PLATFORM_URL
    ? { mode: 'upstream', url: values.PLATFORM_URL, token: values.PLATFORM_TOKEN ?? '' }
    : {
        mode: 'sandbox',
        url: `http://127.0.0.1:${values.PORT}/sandbox/elma`,
        token: values.PLATFORM_TOKEN ?? sandboxPlatformToken(sandboxDir),
        dataDir: sandboxDir,
        seed: values.SANDBOX_SEED,
      };
  return {
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    portalDistDir: resolve(values.PORTAL_DIST_DIR ?? defaultPortalDistDir()),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    platform,
    sandboxDataDir: sandboxDir,
    upstreams: loadUpstreamsConfig(env),
    publicConfig: loadPublicConfig(env),
  };
}

/** The sandbox platform token, generated once per data directory so restarts keep it. */
export function sandboxPlatformToken(dataDir: string): string {
  const file = join(dataDir, 'platform-token');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 16) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, token, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}
