import { Logger, type ArgumentsHost } from '@nestjs/common';
import type { Request, Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { upstreamFailure } from '../platform/upstream-http';
import { ApiException, ApiExceptionFilter } from './api-exception.filter';

/** What the filter answers and logs for one exception thrown while serving `GET /api/proxy?url=…`. */
function answer(exception: unknown) {
  const request = {
    method: 'GET',
    path: '/api/proxy',
    originalUrl: '/api/proxy?url=/search?name=Иванова',
    headers: { 'x-request-id': 'req-42' },
  } as unknown as Request;
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const response = {
    setHeader: (name: string, value: string) => (sent.headers[name] = value),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: unknown) => (sent.body = body),
  } as unknown as Response;
  const host = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  const error = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  new ApiExceptionFilter().catch(exception, host);
  return { sent, warn, error };
}

describe('ApiExceptionFilter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a foreseen upstream failure as one line with the request id, without stack or query', () => {
    const { sent, warn, error } = answer(upstreamFailure('Платформа'));
    expect(sent.status).toBe(502);
    expect(sent.body).toEqual({
      statusCode: 502,
      code: 'bad_gateway',
      message: 'Платформа: нет связи',
      requestId: 'req-42',
    });
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toBe('502 bad_gateway GET /api/proxy [req-42]: Платформа: нет связи');
    expect(line).not.toContain('Иванова');
  });

  it('logs an unforeseen failure with its stack and answers without it', () => {
    const { sent, warn, error } = answer(new TypeError('cannot read x of undefined'));
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({
      statusCode: 500,
      code: 'internal_error',
      message: 'Внутренняя ошибка сервера',
      requestId: 'req-42',
    });
    expect(warn).not.toHaveBeenCalled();
    expect(String(error.mock.calls[0]?.[0])).toContain('TypeError: cannot read x of undefined\n    at ');
  });

  it('logs nothing for a refusal and sets the headers it carries', () => {
    const refusal = new ApiException(
      429,
      { code: 'too_many_requests', message: 'Слишком много попыток' },
      {
        'Retry-After': '30',
      },
    );
    const { sent, warn, error } = answer(refusal);
    expect(sent.status).toBe(429);
    expect(sent.headers).toEqual({ 'Retry-After': '30' });
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
