import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LATEST_BUILD_PATH, type ApiError } from '@fed/contracts';

/** Paths the SPA fallback never answers: they belong to the api or are files that must 404 when absent. */
const NOT_SPA_PATHS = /^\/(api|sandbox|log|builds|assets)(\/|$)/;

const ONE_YEAR_SECONDS = 31_536_000;

function cacheControlFor(filePath: string): string {
  // Vite names everything under assets/ by content hash: a changed file gets a new name.
  if (/[/\\]assets[/\\]/.test(filePath)) return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  if (filePath.endsWith('index.html') || filePath.endsWith(LATEST_BUILD_PATH)) return 'no-cache';
  return 'public, max-age=3600';
}

function notFound(response: Response, message: string): void {
  const body: ApiError = { statusCode: 404, code: 'not_found', message };
  response.status(404).json(body);
}

/**
 * Serves the built portal: hashed assets cached for a year, `index.html` and the build id never cached,
 * and every other GET that wants HTML answered with `index.html` so the client router can take it.
 */
export function portalHosting(portalDistDir: string): Router {
  const router = express.Router();
  const indexHtml = join(portalDistDir, 'index.html');

  router.use(
    express.static(portalDistDir, {
      index: false,
      fallthrough: true,
      setHeaders: (response, filePath) => response.setHeader('Cache-Control', cacheControlFor(filePath)),
    }),
  );

  router.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (NOT_SPA_PATHS.test(request.path)) {
      if (/^\/(builds|assets)(\/|$)/.test(request.path)) return notFound(response, 'Файл не найден');
      return next();
    }
    if (!existsSync(indexHtml)) {
      const body: ApiError = {
        statusCode: 503,
        code: 'portal_not_built',
        message: `The portal is not built: ${indexHtml} is missing. Run "npx nx run portal:build".`,
      };
      return response.status(503).json(body);
    }
    response.setHeader('Cache-Control', 'no-cache');
    return response.sendFile(indexHtml);
  });

  return router;
}
