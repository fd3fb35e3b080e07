import { federation, noticeKindNames, noticesPaths, type NoticeKind } from '@fed/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import { maskPhone, type SmsSender } from '../sms/sms-sender';
import { smsTextOf } from './notice-drafts';
import type { ChannelResult, ChannelSender, OutgoingNotice } from './outbox-worker';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** Notices by SMS, through the api's SMS port (SMS.ru's protocol, or the sandbox outbox). */
export class SmsChannel implements ChannelSender {
  constructor(private readonly sms: SmsSender) {}

  async send({ address, payload }: OutgoingNotice): Promise<ChannelResult> {
    const result = await this.sms.send(address, smsTextOf(payload.title, payload.text));
    if (result.ok) return { ok: true };
    // Never the text or the whole number in what is stored or logged.
    return {
      ok: false,
      error: `${result.gateway} ${result.failure.kind}${result.failure.code === null ? '' : ` ${result.failure.code}`} to ${maskPhone(address)}`,
      permanent: result.failure.kind === 'invalid_phone',
    };
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The letter of a notice: Russian text and HTML, the page's link, and how to stop this kind by e-mail. */
export function letterOf(
  notice: OutgoingNotice,
  portalUrl: string,
  unsubscribeUrl: string,
): { subject: string; text: string; html: string } {
  const { payload } = notice;
  const page = new URL(notice.notice.link, portalUrl).toString();
  const kindName = noticeKindNames[notice.notice.kind as NoticeKind];
  const subject = `${federation.shortName}: ${payload.title}`;
  const text = [
    `${payload.recipientName}`,
    '',
    payload.text,
    '',
    `Подробнее: ${page}`,
    '',
    '—',
    `Это письмо прислал портал ${federation.shortName}, потому что уведомления «${kindName}» включены.`,
    `Больше не получать такие письма: ${unsubscribeUrl}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1b1b1f; line-height: 1.5">
<p style="color: #5c5c66">${escapeHtml(payload.recipientName)}</p>
<h1 style="font-size: 20px">${escapeHtml(payload.title)}</h1>
<p>${escapeHtml(payload.text)}</p>
<p><a href="${escapeHtml(page)}">Открыть на портале</a></p>
<hr>
<p style="font-size: 12px; color: #5c5c66">Это письмо прислал портал ${escapeHtml(federation.shortName)}, потому что уведомления «${escapeHtml(kindName)}» включены.
<a href="${escapeHtml(unsubscribeUrl)}">Больше не получать такие письма</a>.</p>
</body></html>`;
  return { subject, text, html };
}

export interface EmailChannelOptions {
  /** Where to send: `smtp(s)://…`, asked at the first letter (the mail twin listens only after start-up). */
  smtpUrl: () => string;
  from: string;
  timeoutMs: number;
  /** The portal's public origin, for the page's link and the unsubscribe link. */
  portalUrl: () => string;
  tokens: UnsubscribeTokens;
}

/** Notices by e-mail over SMTP (nodemailer): to the mail server of `SMTP_URL`, or the sandbox's mail twin. */
export class EmailChannel implements ChannelSender {
  private transport: Transporter | null = null;

  constructor(private readonly options: EmailChannelOptions) {}

  async send(notice: OutgoingNotice): Promise<ChannelResult> {
    const portalUrl = this.options.portalUrl();
    const token = this.options.tokens.sign(notice.loginId, notice.notice.kind as NoticeKind);
    const unsubscribeUrl = `${portalUrl}${noticesPaths.unsubscribe}?token=${encodeURIComponent(token)}`;
    const letter = letterOf(notice, portalUrl, unsubscribeUrl);
    try {
      this.transport ??= createTransport(this.options.smtpUrl(), {
        connectionTimeout: this.options.timeoutMs,
        greetingTimeout: this.options.timeoutMs,
        socketTimeout: this.options.timeoutMs,
      });
      await this.transport.sendMail({
        from: this.options.from,
        to: notice.address,
        subject: letter.subject,
        text: letter.text,
        html: letter.html,
        // One id per notice: a mail server or client that sees it twice may tell it is the same letter.
        messageId: `<${notice.notice.id}@notices.${new URL(portalUrl).hostname}>`,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'Auto-Submitted': 'auto-generated',
        },
      });
      return { ok: true };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx: the server refuses this letter for good (no such mailbox); anything else may pass later.
      return {
        ok: false,
        error: `smtp ${code ?? (error as { code?: string }).code ?? 'error'}`,
        permanent: code !== undefined && code >= 500 && code < 600,
      };
    }
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}
