import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { contentSecurityDirectives, securityHeaders, securityHeadersOf } from './security-headers';

/** A node answer nobody sends: what a middleware leaves on it is read back with `getHeaders`. */
function answer(): { request: IncomingMessage; response: ServerResponse } {
  const request = new IncomingMessage(new Socket());
  return { request, response: new ServerResponse(request) };
}

/** What helmet itself, run per request as the api did, leaves on an answer. */
function helmetsOwn(analyticsId: string | null) {
  const { request, response } = answer();
  response.setHeader('X-Powered-By', 'Express');
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives({ analyticsId }) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })(request, response, () => undefined);
  return { names: response.getHeaderNames(), headers: response.getHeaders() };
}

describe('the security headers, computed once from helmet', () => {
  it.each([null, '98765432'])(
    'are exactly what helmet sets per request, in its order (analytics id %s)',
    (analyticsId) => {
      const { request, response } = answer();
      response.setHeader('X-Powered-By', 'Express');
      let passed = false;
      securityHeaders(securityHeadersOf({ analyticsId }))(
        request as Request,
        response as unknown as Response,
        () => (passed = true),
      );
      expect(passed).toBe(true);
      const own = helmetsOwn(analyticsId);
      expect(response.getHeaderNames()).toEqual(own.names);
      expect(response.getHeaders()).toEqual(own.headers);
      expect(response.getHeader('X-Powered-By')).toBeUndefined();
      expect(String(response.getHeader('Content-Security-Policy'))).toContain("frame-ancestors 'none'");
    },
  );

  it('lists each header once, with its value as sent', () => {
    const { set, removed } = securityHeadersOf({ analyticsId: null });
    const names = set.map(([name]) => name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    expect(Object.fromEntries(set)).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'SAMEORIGIN',
    });
    expect(removed).toEqual(['X-Powered-By']);
  });
});
