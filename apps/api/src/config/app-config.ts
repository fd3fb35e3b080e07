import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { PublicConfig } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { authConfigFrom, authEnvShape, type AuthConfig, type PendingAuthConfig } from './auth-config';
import { ConfigError } from './config-error';
import { realDeploymentProblems, type Deployment } from './deployment';
import { optionalHttpUrl, optionalText, problemsOf, type Env, type GeneratedSecret } from './env';
import {
  paymentsConfigFrom,
  paymentsEnvShape,
  type LoadedPaymentsConfig,
  type PaymentsConfig,
} from './payments-config';
import { ordersConfigFrom, ordersEnvShape, type OrdersConfig } from '../orders/orders-config';
import {
  mailConfigFrom,
  mailEnvShape,
  noticesConfigFrom,
  type MailConfig,
  type NoticesConfig,
} from './mail-config';
import { publicConfigFrom } from './public-config';
import { redisConfigFrom, redisEnvShape, type RedisConfig } from './redis-config';
import { upstreamsConfigFrom, upstreamsEnvShape, type UpstreamsConfig } from './upstreams-config';

export { ConfigError };
export type { Deployment };

/** The portal build sits beside the api build: dist/apps/api/main.cjs → dist/apps/portal. */
/** What the api runs as when `NODE_ENV` is not set: a deployment. */
export const DEFAULT_NODE_ENV = 'production';

function defaultPortalDistDir(): string {
  const entry = process.argv[1] ? resolve(process.argv[1]) : '';
  const besideApi = resolve(dirname(entry), '../portal');
  return existsSync(besideApi) ? besideApi : resolve(process.cwd(), 'dist/apps/portal');
}

/** Every variable the api reads, in one schema, so one pass finds every bad value. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default(DEFAULT_NODE_ENV),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  PORTAL_DIST_DIR: optionalText,
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** Proxies in front of the api (load balancer, nginx): per-IP limits need the client's address. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  PLATFORM_URL: optionalHttpUrl,
  PLATFORM_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  SANDBOX_DATA_DIR: z.string().trim().min(1).default('var/sandbox'),
  SANDBOX_SEED: z.enum(['demo', 'scale', 'none']).optional(),
  /** Bytes the resized-image cache may take on disk, least recently used out; unset → 256 MiB. */
  IMAGE_CACHE_MAX_BYTES: optionalText.pipe(
    z.coerce
      .number<string | undefined>()
      .int('must be a whole number of bytes')
      .min(1_048_576, 'must be at least 1 MiB (1048576 bytes)')
      .optional(),
  ),
  ...authEnvShape,
  ...upstreamsEnvShape,
  ...paymentsEnvShape,
  ...ordersEnvShape,
  ...mailEnvShape,
  ...redisEnvShape,
});

type EnvValues = z.infer<typeof envSchema>;

/**
 * The business platform (ELMA365) the api talks to: the real one at `PLATFORM_URL` with `PLATFORM_TOKEN`, or
 * in a sandbox the twin this process mounts, called over HTTP at its own address so the code path is the
 * production one.
 */
export interface PlatformConfig {
  url: string;
  token: string;
}

/** Everything the api needs, read once at start-up (`loadConfig`) or built by tests (`testConfig`). */
export interface AppConfig {
  /** Sandbox (every outside system may be a twin) or real (`PLATFORM_URL` set): see `deployment.ts`. */
  deployment: Deployment;
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  portalDistDir: string;
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  /** How many proxies in front to trust for the client's address (`TRUST_PROXY`). */
  trustProxy: number;
  platform: PlatformConfig;
  /** DaData and SMS (`upstreams-config.ts`). */
  upstreams: UpstreamsConfig;
  /** The payment provider: YooKassa at `YOOKASSA_URL`, or its twin (`payments-config.ts`). */
  payments: PaymentsConfig;
  /** Orders: the portal's public origin, the reminder job (`orders/orders-config.ts`); unset: the defaults. */
  orders?: OrdersConfig;
  /**
   * E-mail (`mail-config.ts`): a mail server at `SMTP_URL`, or the mail twin of a sandbox. Left out (a
   * configuration built in code): the twin in a sandbox, no e-mail in a real deployment.
   */
  mail?: MailConfig;
  /** The notices' worker; left out: it runs every 5 s. */
  notices?: NoticesConfig;
  /** What the browser may see (`public-config.ts`): the same ids for the portal and the proxy. */
  publicConfig: PublicConfig;
  auth: AuthConfig;
  /** `REDIS_URL`: rate limits counted in Redis, shared by every instance; unset, in this process's memory. */
  redis?: RedisConfig;
  /** Resized images, kept under the api's data directory (`AUTH_DATA_DIR`). */
  images: {
    cacheDir: string;
    /** `IMAGE_CACHE_MAX_BYTES`; unset → the module's default. */
    cacheMaxBytes?: number;
  };
}

/**
 * `AppConfig` as the environment gives it: in a sandbox, the platform token and the JWT secret the
 * environment leaves unset are still to be generated (`prepareSandboxSecrets`, a start-up step of its own).
 */
export interface LoadedConfig extends Omit<AppConfig, 'platform' | 'auth' | 'payments'> {
  platform: PlatformConfig | { url: string; token: GeneratedSecret };
  auth: AuthConfig | PendingAuthConfig;
  payments: LoadedPaymentsConfig;
}

/** The file a sandbox keeps its generated platform twin token in (benchmarks read it there). */
export const PLATFORM_TOKEN_FILE = 'platform-token';

/**
 * Reads the api's whole configuration from the environment in one pass and writes nothing. Every bad or
 * missing variable, and every rule between variables (a real deployment's refusals among them), ends up
 * in one `ConfigError` naming each variable.
 */
export function loadConfig(env: Env = process.env): LoadedConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : problemsOf(parsed.error);
  // The rules between variables run too: on the values that parsed, the bad ones taken as unset.
  const values = parsed.success ? parsed.data : lenientValues(env, parsed.error);
  const ruleProblems: string[] = [];
  const config = configFrom(env, values, ruleProblems);
  for (const problem of ruleProblems) if (!problems.includes(problem)) problems.push(problem);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function lenientValues(env: Env, error: z.ZodError): EnvValues {
  const bad = new Set(error.issues.map((issue) => String(issue.path[0])));
  const rest = Object.fromEntries(Object.entries(env).filter(([name]) => !bad.has(name)));
  const retried = envSchema.safeParse(rest);
  // Unreachable in practice (every failing variable was dropped); the schema's defaults keep it whole.
  return retried.success ? retried.data : envSchema.parse({});
}

function configFrom(env: Env, values: EnvValues, problems: string[]): LoadedConfig {
  const deployment: Deployment = values.PLATFORM_URL
    ? { kind: 'real' }
    : { kind: 'sandbox', dataDir: resolve(values.SANDBOX_DATA_DIR), seed: values.SANDBOX_SEED ?? 'demo' };
  if (values.PLATFORM_URL && !values.PLATFORM_TOKEN) {
    problems.push('PLATFORM_TOKEN: required when PLATFORM_URL is set');
  }
  const upstreams = upstreamsConfigFrom(values, values.PORT, problems);
  const payments = paymentsConfigFrom(values, values.PORT, resolve(values.SANDBOX_DATA_DIR), problems);
  const publicConfig = publicConfigFrom(
    env,
    problems,
    deployment.kind === 'sandbox' ? sandboxPublicConfig : null,
  );
  const auth = authConfigFrom(values, problems);
  const mail = mailConfigFrom(values);
  if (deployment.kind === 'real')
    problems.push(...realDeploymentProblems(env, { deployment, upstreams, payments, mail }));
  const url =
    deployment.kind === 'real' ? (values.PLATFORM_URL ?? '') : `http://127.0.0.1:${values.PORT}/sandbox/elma`;
  const platform: LoadedConfig['platform'] =
    values.PLATFORM_TOKEN || deployment.kind === 'real'
      ? { url, token: values.PLATFORM_TOKEN ?? '' }
      : { url, token: { generatedInto: join(deployment.dataDir, PLATFORM_TOKEN_FILE) } };
  return {
    deployment,
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    portalDistDir: resolve(values.PORTAL_DIST_DIR ?? defaultPortalDistDir()),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    platform,
    upstreams,
    payments,
    orders: ordersConfigFrom(values),
    mail,
    notices: noticesConfigFrom(values),
    publicConfig,
    auth,
    redis: redisConfigFrom(values),
    images: { cacheDir: join(auth.dataDir, 'cache', 'img'), cacheMaxBytes: values.IMAGE_CACHE_MAX_BYTES },
  };
}
