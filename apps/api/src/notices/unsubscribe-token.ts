import { noticeKindSchema, type NoticeKind } from '@fed/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe token of an e-mail (RFC 8058): which login no longer wants which kind by e-mail,
 * signed with the api's keyed-hash secret so nobody can turn off someone else's mail. It does not expire: a
 * link in an old letter still works, and all it can do is turn one kind of e-mail off.
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: Buffer) {}

  sign(loginId: string, kind: NoticeKind): string {
    const body = Buffer.from(JSON.stringify([loginId, kind])).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The login and kind a token names, or `null` for anything not signed by this api. */
  verify(token: string): { loginId: string; kind: NoticeKind } | null {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined || body.length > 512) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string') return null;
      const kind = noticeKindSchema.safeParse(parsed[1]);
      return kind.success ? { loginId: parsed[0], kind: kind.data } : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(`unsubscribe:${body}`).digest('base64url');
  }
}
