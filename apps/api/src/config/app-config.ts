import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

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
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  portalDistDir: string;
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the api's configuration from the environment once, at start-up; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  return {
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    portalDistDir: resolve(values.PORTAL_DIST_DIR ?? defaultPortalDistDir()),
    logLevel: values.LOG_LEVEL,
  };
}
