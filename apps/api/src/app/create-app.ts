import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AuthWiring } from '../auth/auth-wiring';
import type { AppConfig } from '../config/app-config';
import { setupApiDocs } from '../docs/api-docs';
import { portalHosting } from '../portal-hosting/portal-hosting';
import { AppModule } from './app.module';
import { bodyParserErrors, compressedBodies } from '../common/body-parser-errors';
import { requestId } from '../common/request-id';
import { securityHeaders } from '../common/security-headers';

/** JSON and form bodies past this are refused with 413: no endpoint takes more (uploads are multipart). */
export const JSON_BODY_LIMIT = '100kb';

/** Builds the whole api as `main` runs it, so tests exercise exactly what production serves. */
export async function createApp(config: AppConfig, auth: AuthWiring = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, auth), {
    logger: config.nodeEnv === 'test' ? false : logLevelsFrom(config.logLevel),
    bufferLogs: false,
  });
  const { publicConfig } = config;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.enableShutdownHooks();
  app.use(requestId);
  app.use(securityHeaders(publicConfig));
  app.use(compressedBodies);
  // Both parsers Nest would add, registered here so that their refusals reach `bodyParserErrors`.
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: true });
  app.use(bodyParserErrors);
  app.use(portalHosting(config.portalDistDir, publicConfig));
  setupApiDocs(app);
  await app.init();
  return app;
}

const LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;

function logLevelsFrom(level: AppConfig['logLevel']) {
  return LEVELS.slice(0, LEVELS.indexOf(level) + 1);
}
