import type { RequestHandler } from 'express';
import helmet from 'helmet';
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

/** Security headers for every answer (helmet), with the strict CSP above. */
export function securityHeaders(publicConfig: Pick<PublicConfig, 'analyticsId'>): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(publicConfig) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
