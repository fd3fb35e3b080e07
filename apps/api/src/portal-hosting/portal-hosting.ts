import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import {
  LATEST_BUILD_PATH,
  PUBLIC_CONFIG_ELEMENT_ID,
  type ApiError,
  type PublicConfig,
} from '@fed/contracts';
import { hasSignedInHint, type PageRendering } from '../page-rendering/page-rendering';
import { ENCODED_SUFFIX, EncodedText, preferredEncoding, type ContentEncoding } from './content-encoding';

/** Paths the SPA fallback never answers: they belong to the api or are files that must 404 when absent. */
const NOT_SPA_PATHS = /^\/(api|sandbox|log|builds|assets)(\/|$)/;
/** Paths of the api itself: no file of the build is looked for there (a `stat` per api request otherwise). */
const API_PATHS = /^\/(api|sandbox|log)(\/|$)/;
/** A path whose last segment has an extension: the only kind of path a file of the build has. */
const FILE_NAME = /\.[^/]*$/;

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

/** index.html with the public configuration in its head, re-read (and re-compressed) only when the file changes. */
function indexPage(
  indexHtml: string,
  publicConfig: PublicConfig,
): () => { page: EncodedText; template: string } | null {
  let cached: { mtimeMs: number; page: EncodedText; template: string } | null = null;
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
      cached = { mtimeMs, page: new EncodedText(Buffer.from(html)), template: html };
    }
    return cached;
  };
}

/** Addresses longer than this are not rendered on the server (the shell renders them in the browser). */
const MAX_RENDERED_URL = 2048;

/**
 * A page request answered through the page rendering: the guest's page rendered on the server, or the app's
 * shell. The answer depends on the signed-in hint as well as the encoding (`Vary`); `Server-Timing` says where
 * it came from (the cache's hit, stale or miss, or the shell) and how long it took.
 */
async function sendRenderedPage(
  request: Request,
  response: Response,
  pages: PageRendering,
  html: { page: EncodedText; template: string },
): Promise<void> {
  const started = process.hrtime.bigint();
  const url = request.originalUrl;
  const signedIn = hasSignedInHint(request.get('Cookie')) || url.length > MAX_RENDERED_URL;
  const answer = await pages.answer(url, html.template, signedIn);
  if (answer === null) return sendPage(request, response, html.page);
  const encoding = preferredEncoding(request.get('Accept-Encoding'));
  const body = await answer.text.body(encoding).catch(() => null);
  const chosen = body === null ? 'identity' : encoding;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  response.status(answer.status);
  response.setHeader('Cache-Control', 'no-cache');
  response.vary('Accept-Encoding');
  response.vary('Cookie');
  response.setHeader('Server-Timing', `page;desc="${answer.source}";dur=${ms.toFixed(1)}`);
  if (chosen !== 'identity') response.setHeader('Content-Encoding', chosen);
  response.setHeader('ETag', answer.text.etag(chosen));
  response.type('html').send(body ?? answer.text.identity);
}

/** The page in the best encoding the request accepts; `res.send` answers HEAD and a matching `If-None-Match`. */
function sendPage(request: Request, response: Response, page: EncodedText): void {
  const encoding = preferredEncoding(request.get('Accept-Encoding'));
  response.setHeader('Cache-Control', 'no-cache');
  response.vary('Accept-Encoding');
  if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
  response.setHeader('ETag', page.etag(encoding));
  response.type('html').send(page.body(encoding));
}

/** Content types of the text files the build precompresses, by extension. */
const TEXT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

const isFile = (path: string): Stats | undefined => {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats?.isFile() ? stats : undefined;
};

/** The encoding chosen for a response whose file `express.static` is about to send in its place. */
const chosenEncoding = new WeakMap<Response, Exclude<ContentEncoding, 'identity'>>();

/**
 * A text file of the build with the variant the request accepts best (`<file>.br`, `<file>.gz`, written by the
 * build beside it): `request.url` points `express.static` at the variant, whose headers `setHeaders` mends.
 * Only a path that stays inside the build and names an existing text file is looked at; anything else is
 * left to `express.static` as it is.
 */
function precompressed(root: string, serveStatic: express.RequestHandler): express.RequestHandler {
  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(request.path);
    } catch {
      return next();
    }
    const type = TEXT_TYPES[extname(path)];
    if (type === undefined || path.includes('\0')) return next();
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(root + sep) || !isFile(file)) return next();
    response.vary('Accept-Encoding');
    const encoding = preferredEncoding(request.get('Accept-Encoding'));
    if (encoding === 'identity' || !isFile(`${file}${ENCODED_SUFFIX[encoding]}`)) return next();

    const original = request.url;
    const query = original.indexOf('?');
    const pathname = query < 0 ? original : original.slice(0, query);
    request.url = `${pathname}${ENCODED_SUFFIX[encoding]}${query < 0 ? '' : original.slice(query)}`;
    chosenEncoding.set(response, encoding);
    response.setHeader('Content-Type', type);
    serveStatic(request, response, (error?: unknown) => {
      // The variant went away between the check and the read (a rebuild): the file itself, as it is.
      chosenEncoding.delete(response);
      response.removeHeader('Content-Type');
      next(error);
    });
    // `express.static` took the path synchronously; logs and later handlers see the request as it came.
    request.url = original;
  };
}

/**
 * Serves the built portal: hashed assets cached for a year, `index.html` and the build id never cached,
 * and every other GET that wants HTML answered with `index.html` so the client router can take it. Text is
 * answered in the best encoding the request accepts (br, gzip, identity) with `Vary: Accept-Encoding`:
 * files from the variants the build wrote beside them, the page compressed once per build.
 * `index.html` carries the public configuration, so one build serves any environment.
 */
export function portalHosting(
  portalDistDir: string,
  publicConfig: PublicConfig,
  pages?: PageRendering,
): Router {
  const router = express.Router();
  router.use((request, _response, next) => (API_PATHS.test(request.path) ? next('router') : next()));
  const indexHtml = join(portalDistDir, 'index.html');
  const page = indexPage(indexHtml, publicConfig);

  // The page is always served with its configuration, also when asked for by its file name.
  router.get('/index.html', (request, response, next) => {
    const html = page();
    if (html === null) return next();
    return sendPage(request, response, html.page);
  });

  const root = resolve(portalDistDir);
  const serveStatic = express.static(root, {
    index: false,
    fallthrough: true,
    setHeaders: (response, filePath, stats) => {
      const encoding = chosenEncoding.get(response);
      const servedPath =
        encoding === undefined ? filePath : filePath.slice(0, -ENCODED_SUFFIX[encoding].length);
      response.setHeader('Cache-Control', cacheControlFor(servedPath));
      if (encoding === undefined) return;
      response.setHeader('Content-Encoding', encoding);
      // One validator per representation: a cache never answers a gzip request with brotli bytes.
      response.setHeader(
        'ETag',
        `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}-${encoding}"`,
      );
    },
  });
  router.use(precompressed(root, serveStatic));
  // Every file of the build has an extension; a page's path (/competitions/…) has none and goes straight to
  // the page below, without a file lookup per page view.
  router.use((request, response, next) =>
    FILE_NAME.test(request.path) ? serveStatic(request, response, next) : next(),
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
    if (pages) return sendRenderedPage(request, response, pages, html).catch(next);
    return sendPage(request, response, html.page);
  });

  return router;
}
