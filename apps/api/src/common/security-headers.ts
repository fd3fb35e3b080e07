import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PublicConfig } from '@fed/contracts';

/** The analytics counter's hosts: allowed by the CSP only when an analytics id is configured. */
const ANALYTICS_SOURCES = ['https://mc.yandex.ru', 'https://mc.yandex.com'];
const ANALYTICS_SOCKETS = ['wss://mc.yandex.ru', 'wss://mc.yandex.com'];

/** The CSP directives: our own origin only, plus the analytics host when the counter is on. */
export function contentSecurityDirectives(publicConfig: Pick<PublicConfig, 'analyticsId'>) {
  const analytics = publicConfig.analyticsId ? ANALYTICS_SOURCES : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'", ...analytics],
    scriptSrcAttr: ["'none'"],
    // Inline style attributes (progress bar timings, drag offsets) are set by React, never by injected markup.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...analytics],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...analytics, ...(publicConfig.analyticsId ? ANALYTICS_SOCKETS : [])],
    frameSrc: publicConfig.analyticsId ? analytics : ["'none'"],
    // Served behind TLS termination or on localhost; upgrading would break plain-HTTP local runs.
    upgradeInsecureRequests: null,
  };
}

/** The helmet configuration of every answer, with the strict CSP above. */
function helmetFor(publicConfig: Pick<PublicConfig, 'analyticsId'>) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(publicConfig) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/** What helmet does to every answer: the headers it sets, in its order, and the ones it removes. */
export interface SecurityHeaders {
  set: readonly (readonly [name: string, value: string])[];
  removed: readonly string[];
}

/**
 * Helmet's headers, computed once: helmet run on a recording answer. Every directive of ours is a fixed string (no
 * per-request nonce), so its headers are the same on every answer; it answers synchronously, which this checks.
 * Read by the Express middleware below and by the proxy's reads, answered ahead of Express
 * (proxy/proxy-reads.ts), so that both send exactly helmet's headers without running it per request.
 */
export function securityHeadersOf(publicConfig: Pick<PublicConfig, 'analyticsId'>): SecurityHeaders {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: number | string | readonly string[]) => {
      set.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader: (name: string) => removed.push(name),
  };
  let done = false;
  let failure: unknown = null;
  // A recording answer stands in for node's: helmet calls nothing else on it.
  helmetFor(publicConfig)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    done = true;
    failure = error ?? null;
  });
  if (!done || failure !== null) throw new Error(`helmet did not answer at once: ${String(failure)}`);
  return { set, removed };
}

/** Security headers for every answer: helmet's (`securityHeadersOf`), set without running helmet per request. */
export function securityHeaders(headers: SecurityHeaders): RequestHandler {
  return (_request, response, next) => {
    for (const name of headers.removed) response.removeHeader(name);
    for (const [name, value] of headers.set) response.setHeader(name, value);
    next();
  };
}
