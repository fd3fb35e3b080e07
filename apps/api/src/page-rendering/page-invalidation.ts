import type { RequestHandler } from 'express';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Empties the cache of rendered pages after each successful write through the api (the proxy's writes to the
 * platform, orders, media; not signing in or out, which changes no page a guest sees): whoever changed an event
 * sees it changed on the next page they open, and so does everyone else on this instance. Other instances keep
 * theirs for the cache's seconds.
 */
export function invalidatePagesOnWrites(pages: { invalidate(): void }): RequestHandler {
  return (request, response, next) => {
    if (
      !READS.has(request.method) &&
      request.path.startsWith('/api/') &&
      !request.path.startsWith('/api/auth/')
    ) {
      response.once('finish', () => {
        if (response.statusCode < 400) pages.invalidate();
      });
    }
    next();
  };
}
