import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '@fed/contracts';
import { requestIdOf } from './request-id';

type Refusal = Omit<ApiError, 'requestId'>;

const unsupportedCompression: Refusal = {
  statusCode: 415,
  code: 'unsupported_encoding',
  message: 'Неподдерживаемое сжатие тела запроса: допустимы gzip, deflate и br',
};

/** Body-parser's refusals (`http-errors` style, with a `type`), answered before any route runs. */
const refusals: Record<string, Refusal> = {
  'entity.too.large': { statusCode: 413, code: 'payload_too_large', message: 'Слишком большой запрос' },
  'entity.parse.failed': { statusCode: 400, code: 'bad_request', message: 'Тело запроса — не JSON' },
  'encoding.unsupported': unsupportedCompression,
  'charset.unsupported': {
    statusCode: 415,
    code: 'unsupported_encoding',
    message: 'Неподдерживаемая кодировка запроса',
  },
  'parameters.too.many': { statusCode: 413, code: 'payload_too_large', message: 'Слишком большой запрос' },
  'request.aborted': { statusCode: 400, code: 'bad_request', message: 'Запрос прерван' },
  'request.size.invalid': {
    statusCode: 400,
    code: 'bad_request',
    message: 'Длина тела запроса не совпадает с Content-Length',
  },
};

/** The body does not decompress as its `Content-Encoding` says (zlib's or brotli's error, wrapped as a 400). */
const badlyCompressed: Refusal = {
  statusCode: 400,
  code: 'bad_encoding',
  message: 'Тело запроса не сжато так, как указано в Content-Encoding',
};

/** Any other client error of the body parsers. */
const unreadableBody: Refusal = {
  statusCode: 400,
  code: 'bad_request',
  message: 'Не удалось прочитать тело запроса',
};

/** The bodies the api's parsers read (and decompress); every other body is passed on as it arrived. */
const PARSED_TYPES = ['application/json', 'application/x-www-form-urlencoded'];
/** What body-parser can decompress. */
const DECOMPRESSED = new Set(['gzip', 'deflate', 'br']);

function contentEncodingOf(request: Request): string {
  return (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
}

function refuse(request: Request, response: Response, refusal: Refusal): void {
  response.status(refusal.statusCode).json({ ...refusal, requestId: requestIdOf(request) });
}

/**
 * Express middleware placed before the body parsers: a compressed body is accepted only where a parser
 * decompresses it (JSON and form bodies, with gzip, deflate or br). Uploads and any other body are never
 * decompressed, so a `Content-Encoding` on them is a 415 rather than bytes read as something they are not.
 */
export function compressedBodies(request: Request, response: Response, next: NextFunction): void {
  const encoding = contentEncodingOf(request);
  if (encoding === 'identity' || request.is(PARSED_TYPES) === null) return next();
  if (request.is(PARSED_TYPES) && DECOMPRESSED.has(encoding)) return next();
  refuse(request, response, unsupportedCompression);
}

function statusOf(error: object): number | null {
  const status = 'status' in error ? error.status : 'statusCode' in error ? error.statusCode : null;
  return typeof status === 'number' ? status : null;
}

/**
 * Express error handler placed right after the body parsers: a body that is too large, malformed or not
 * compressed as announced gets the api's JSON error in Russian (Nest would turn a syntax error into English,
 * and a size or decompression error into a 500).
 */
export function bodyParserErrors(
  error: unknown,
  request: Request,
  response: Response,
  next: NextFunction,
): void {
  if (typeof error !== 'object' || error === null) return next(error);
  const type = 'type' in error ? error.type : null;
  const known = typeof type === 'string' ? refusals[type] : undefined;
  if (known) return refuse(request, response, known);
  const status = statusOf(error);
  if (status === null || status < 400 || status >= 500) return next(error);
  refuse(request, response, contentEncodingOf(request) === 'identity' ? unreadableBody : badlyCompressed);
}
