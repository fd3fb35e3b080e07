import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '@fed/contracts';
import { requestIdOf } from './request-id';

/** Body-parser's refusals (`http-errors` style, with a `type`), answered before any route runs. */
const refusals: Record<string, Omit<ApiError, 'requestId'>> = {
  'entity.too.large': { statusCode: 413, code: 'payload_too_large', message: 'Слишком большой запрос' },
  'entity.parse.failed': { statusCode: 400, code: 'bad_request', message: 'Тело запроса — не JSON' },
  'encoding.unsupported': {
    statusCode: 415,
    code: 'unsupported_encoding',
    message: 'Неподдерживаемая кодировка запроса',
  },
  'charset.unsupported': {
    statusCode: 415,
    code: 'unsupported_encoding',
    message: 'Неподдерживаемая кодировка запроса',
  },
  'request.aborted': { statusCode: 400, code: 'bad_request', message: 'Запрос прерван' },
};

/**
 * Express error handler placed right after the body parsers: a too large or malformed body gets the api's
 * JSON error in Russian (Nest would turn a syntax error into English and a size error into a 500).
 */
export function bodyParserErrors(
  error: unknown,
  request: Request,
  response: Response,
  next: NextFunction,
): void {
  const type =
    typeof error === 'object' && error !== null && 'type' in error ? (error as { type: unknown }).type : null;
  const refusal = typeof type === 'string' ? refusals[type] : undefined;
  if (!refusal) return next(error);
  response.status(refusal.statusCode).json({ ...refusal, requestId: requestIdOf(request) });
}
