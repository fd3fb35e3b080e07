import { Logger, type INestApplication } from '@nestjs/common';
import { loadConfig, type AppConfig } from '../config/app-config';
import type { Env } from '../config/env';
import { prepareSandboxSecrets } from '../config/sandbox-secrets';
import { createApp } from './create-app';

/**
 * What `main` runs: the configuration in one pass (a `ConfigError` naming every bad variable stops here,
 * before anything is written), the sandbox's secrets, then the app listening on its port.
 */
export async function startApi(env: Env): Promise<{ app: INestApplication; config: AppConfig }> {
  const config = prepareSandboxSecrets(loadConfig(env));
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const logger = new Logger('Bootstrap');
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  logger.log(`Portal and api listening on http://${shownHost}:${config.port}`);
  logger.log(
    config.deployment.kind === 'sandbox'
      ? `Sandbox deployment: twins under /sandbox, data in ${config.deployment.dataDir}`
      : 'Real deployment: platform at PLATFORM_URL, no /sandbox routes',
  );
  logger.log(
    `Auth store: ${config.auth.database.kind}; access tokens ${config.auth.jwt.algorithm}, key from ${config.auth.jwtKeySource}`,
  );
  logger.log(
    config.redis === undefined
      ? 'Rate limits counted in this process (one instance; set REDIS_URL for several)'
      : 'Rate limits counted in Redis (REDIS_URL), shared by every instance',
  );
  return { app, config };
}
