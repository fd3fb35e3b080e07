import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  LATEST_BUILD_PATH,
  PUBLIC_CONFIG_ELEMENT_ID,
  type ApiError,
  type PublicConfig,
} from '@fed/contracts';

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
 * The configuration as a JSON script element: never run as script, so the CSP needs no exception.
 * JSON inside <script> must not be able to close the element: `<` is written as its escape.
 */
function publicConfigTag(config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** index.html with the public configuration in its head, re-read only when the file changes. */
function indexPage(indexHtml: string, publicConfig: PublicConfig): () => string | null {
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(indexHtml).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexHtml, 'utf8').replace(
        '</head>',
        `${publicConfigTag(publicConfig)}</head>`,
      );
      cached = { mtimeMs, html };
    }
    return cached.html;
  };
}

/**
 * Serves the built portal: hashed assets cached for a year, `index.html` and the build id never cached,
 * and every other GET that wants HTML answered with `index.html` so the client router can take it.
 * `index.html` carries the public configuration, so one build serves any environment.
 */
export function portalHosting(portalDistDir: string, publicConfig: PublicConfig): Router {
  const router = express.Router();
  const indexHtml = join(portalDistDir, 'index.html');
  const page = indexPage(indexHtml, publicConfig);

  // The page is always served with its configuration, also when asked for by its file name.
  router.get('/index.html', (_request, response, next) => {
    const html = page();
    if (html === null) return next();
    response.setHeader('Cache-Control', 'no-cache');
    return response.type('html').send(html);
  });

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
    const html = page();
    if (html === null) {
      const body: ApiError = {
        statusCode: 503,
        code: 'portal_not_built',
        message: `The portal is not built: ${indexHtml} is missing. Run "npx nx run portal:build".`,
      };
      return response.status(503).json(body);
    }
    response.setHeader('Cache-Control', 'no-cache');
    return response.type('html').send(html);
  });

  return router;
}
