import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AuthWiring } from '../auth/auth-wiring';
import type { AppConfig } from '../config/app-config';
import { setupApiDocs } from '../docs/api-docs';
import { loadPublicConfig } from '../config/public-config';
import { portalHosting } from '../portal-hosting/portal-hosting';
import { AppModule } from './app.module';

/** Builds the whole api as `main` runs it, so tests exercise exactly what production serves. */
export async function createApp(config: AppConfig, auth: AuthWiring = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, auth), {
    logger: config.nodeEnv === 'test' ? false : logLevelsFrom(config.logLevel),
    bufferLogs: false,
  });
  app.disable('x-powered-by');
  app.enableShutdownHooks();
  app.use(portalHosting(config.portalDistDir, config.publicConfig ?? loadPublicConfig()));
  setupApiDocs(app);
  await app.init();
  return app;
}

const LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;

function logLevelsFrom(level: AppConfig['logLevel']) {
  return LEVELS.slice(0, LEVELS.indexOf(level) + 1);
}
