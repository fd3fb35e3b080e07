import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the one a proxy in front sent when it is well-formed, else a new one; echoed back. */
export function requestId(request: Request, response: Response, next: NextFunction): void {
  const given = request.get(REQUEST_ID_HEADER);
  const id = given && ACCEPTED_ID.test(given) ? given : randomUUID();
  request.headers[REQUEST_ID_HEADER.toLowerCase()] = id;
  response.setHeader(REQUEST_ID_HEADER, id);
  next();
}

/** The id `requestId` gave this request, for logs and error bodies. */
export function requestIdOf(request: Request): string | undefined {
  const value = request.headers[REQUEST_ID_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}
