import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '../config/app-config';
import { setupApiDocs } from '../docs/api-docs';
import { CLOCK, type Clock } from '../common/clock';
import { inProcessFetch } from '../page-rendering/in-process-fetch';
import { PageRendering } from '../page-rendering/page-rendering';
import { invalidatePagesOnWrites } from '../page-rendering/page-invalidation';
import { portalHosting } from '../portal-hosting/portal-hosting';
import { answerProxyReadsAhead, ProxyReads } from '../proxy/proxy-reads';
import { ProxyService } from '../proxy/proxy.service';
import { AppModule, type AppWiring } from './app.module';
import { bodyParserErrors, compressedBodies } from '../common/body-parser-errors';
import { requestId } from '../common/request-id';
import { securityHeaders, securityHeadersOf } from '../common/security-headers';

/** JSON and form bodies past this are refused with 413: no endpoint takes more (uploads are multipart). */
export const JSON_BODY_LIMIT = '100kb';

/**
 * Rendered pages are kept 5 s as they are, then served up to a minute while rendered again behind; 500 addresses
 * and 32 MB at most (ADR 0021).
 */
const PAGE_CACHE = { freshMs: 5_000, staleMs: 60_000, maxEntries: 500, maxBytes: 32 * 1024 * 1024 };
/** A page not rendered by then is answered with the shell: the platform twin's own deadline is longer. */
const PAGE_RENDER_DEADLINE_MS = 3_000;

/** Builds the whole api as `main` runs it, so tests exercise exactly what production serves. */
export async function createApp(config: AppConfig, wiring: AppWiring = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, wiring), {
    logger: config.nodeEnv === 'test' ? false : logLevelsFrom(config.logLevel),
    bufferLogs: false,
  });
  const { publicConfig } = config;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.enableShutdownHooks();
  const security = securityHeadersOf(publicConfig);
  // Reads of /api/proxy are answered ahead of this chain (`answerProxyReadsAhead` below), with the same request
  // id and security headers: middleware added here that must see them goes there as well.
  app.use(requestId);
  app.use(securityHeaders(security));
  app.use(compressedBodies);
  // Both parsers Nest would add, registered here so that their refusals reach `bodyParserErrors`.
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: true });
  app.use(bodyParserErrors);
  const pages = new PageRendering({
    portalDistDir: config.portalDistDir,
    publicConfig,
    fetch: inProcessFetch(app.get(ProxyService, { strict: false })),
    clock: app.get<Clock>(CLOCK),
    cache: PAGE_CACHE,
    deadlineMs: PAGE_RENDER_DEADLINE_MS,
  });
  app.use(invalidatePagesOnWrites(pages));
  app.use(portalHosting(config.portalDistDir, publicConfig, pages));
  setupApiDocs(app);
  await app.init();
  answerProxyReadsAhead(app.getHttpServer(), app.get(ProxyReads, { strict: false }), security);
  return app;
}

const LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;

function logLevelsFrom(level: AppConfig['logLevel']) {
  return LEVELS.slice(0, LEVELS.indexOf(level) + 1);
}
