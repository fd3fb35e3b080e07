import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { failureAhead, ProxyReads } from './proxy-reads';

export { readRouteIsGuardOnly } from './proxy-reads';

/**
 * `GET /api/proxy` the short way inside Express: mounted before the routes, it answers a read with
 * {@link ProxyReads} (the controller's guard, the same service and answer), without Express walking every route
 * of the api to reach the controller and Nest building the route's context per request. Errors go to the api's
 * exception filter as a route's would (Nest runs middleware inside the global filters) — among them those of
 * reads answered ahead of Express (`answerProxyReadsAhead`), which hand their error here.
 */
@Injectable()
export class ProxyReadMiddleware implements NestMiddleware {
  constructor(private readonly reads: ProxyReads) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const failed = failureAhead(request);
    if (failed !== undefined) throw failed.error;
    if (!this.reads.enabled) return next();
    await this.reads.answer(request, response, request.originalUrl);
  }
}
