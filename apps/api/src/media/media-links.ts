import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What a signed link serves: an image, an original to view, an original to download, or the zip. */
export const mediaVariants = ['preview', 'display', 'full', 'download'] as const;
export type MediaVariant = (typeof mediaVariants)[number];

/**
 * A link signed for one login, one subject (the athlete whose locker it is, or the organizer) and one target
 * (a medium and its variant, or an event's zip), valid until `expires` (Unix seconds). The signature is an
 * HMAC-SHA256 over all of them under a key derived from the api's secret: nothing in it can be changed, and
 * a link of one login, athlete or file serves no other.
 */
export interface MediaLink {
  login: string;
  subject: string;
  target: string;
  expires: number;
}

/** The key of media links: derived from the api's own secret, the same on every instance. */
export function mediaLinkKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'federation-portal-media', 'media-links', 32));
}

function mac(key: Buffer, link: MediaLink): Buffer {
  return createHmac('sha256', key)
    .update(['v1', link.login, link.subject, link.target, String(link.expires)].join('\n'))
    .digest();
}

export function signMediaLink(key: Buffer, link: MediaLink): string {
  return mac(key, link).toString('base64url');
}

/** Whether `signature` is the link's and it has not expired at `nowSeconds`. */
export function verifyMediaLink(
  key: Buffer,
  link: MediaLink,
  signature: string,
  nowSeconds: number,
): boolean {
  if (!Number.isSafeInteger(link.expires) || link.expires < nowSeconds) return false;
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  const expected = mac(key, link);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The query of a signed link. */
export function linkQuery(key: Buffer, link: MediaLink): string {
  const params = new URLSearchParams({
    u: link.login,
    a: link.subject,
    e: String(link.expires),
    s: signMediaLink(key, link),
  });
  return params.toString();
}
