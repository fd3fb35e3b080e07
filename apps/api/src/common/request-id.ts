import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const HEADER_KEY = REQUEST_ID_HEADER.toLowerCase();
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id: the one a proxy in front sent when it is well-formed, else a new one, kept on the request
 * for `requestIdOf`. Node's request as well as Express's: the proxy's reads get theirs ahead of Express.
 */
export function assignRequestId(request: IncomingMessage): string {
  const given = request.headers[HEADER_KEY];
  const id = typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
  request.headers[HEADER_KEY] = id;
  return id;
}

/** The request's id (`assignRequestId`), echoed back. */
export function requestId(request: Request, response: Response, next: NextFunction): void {
  response.setHeader(REQUEST_ID_HEADER, assignRequestId(request));
  next();
}

/** The id `requestId` gave this request, for logs and error bodies. */
export function requestIdOf(request: IncomingMessage): string | undefined {
  const value = request.headers[HEADER_KEY];
  return typeof value === 'string' ? value : undefined;
}
