import { Injectable, type NestMiddleware } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  PIPES_METADATA,
} from '@nestjs/common/constants';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { NextFunction, Request, Response } from 'express';
import { CallerGuard, callerOf, userIdHeaderOf } from '../common/caller';
import { ProxyController, sendProxyAnswer } from './proxy.controller';
import { ProxyService } from './proxy.service';

/** Nest's per-route machinery a handler can be given (guards, interceptors, pipes, filters). */
const ENHANCERS = [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA];

/**
 * Whether `ProxyController.read` carries nothing but the api's one guard: then running that guard and the
 * handler here is exactly what Nest's route would do. A guard, interceptor, pipe or filter added to the
 * controller later turns the short way off (the route takes every read again) rather than being skipped.
 */
export function readRouteIsGuardOnly(): boolean {
  const targets: object[] = [ProxyController, ProxyController.prototype.read];
  for (const key of ENHANCERS) {
    const found = targets.flatMap(
      (target) => (Reflect.getMetadata(key, target) as unknown[] | undefined) ?? [],
    );
    if (key === GUARDS_METADATA ? found.length !== 1 || found[0] !== CallerGuard : found.length > 0)
      return false;
  }
  return true;
}

/**
 * `GET /api/proxy` the short way: mounted before the routes, it answers a read with the controller's own guard
 * (its mode from the controller's `@Authenticate`), the same `ProxyService.handle` and the same answer, without
 * Express walking every route of the api to reach the controller and Nest building the route's context per
 * request (a fifth of the api's CPU per proxied read, measured by tools/bench/proxy). Errors go to the api's
 * exception filter as a route's would (Nest runs middleware inside the global filters).
 */
@Injectable()
export class ProxyReadMiddleware implements NestMiddleware {
  private readonly enabled = readRouteIsGuardOnly();

  constructor(
    private readonly guard: CallerGuard,
    private readonly proxy: ProxyService,
  ) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    if (!this.enabled) return next();
    const context = new ExecutionContextHost(
      [request, response, next],
      ProxyController,
      ProxyController.prototype.read,
    );
    context.setType('http');
    await this.guard.canActivate(context);
    const answer = await this.proxy.handle({
      method: 'GET',
      requestTarget: request.originalUrl,
      body: undefined,
      caller: callerOf(request),
      userId: userIdHeaderOf(request),
    });
    await sendProxyAnswer(request, response, answer);
  }
}
