import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { systemClock, type Clock } from '@fed/calendar';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { MAIL_TWIN_OPTIONS, type MailTwinOptions } from './mail-twin.options';
import { MailboxStore, type StoredMail } from './mailbox.store';

export const DEFAULT_MAIL_LIST_LIMIT = 50;
export const MAX_MAIL_LIST_LIMIT = 500;
/** The largest message the twin takes (a notice is a few kilobytes). */
const MAX_MESSAGE_BYTES = 1_048_576;

/** Headers kept with a message: those a test or a demo reads. */
const KEPT_HEADERS = [
  'list-unsubscribe',
  'list-unsubscribe-post',
  'content-type',
  'from',
  'to',
  'subject',
  'auto-submitted',
];

function addressOf(value: SMTPServerAddress | false): string {
  return value ? value.address.toLowerCase() : '';
}

/**
 * The sandbox mail twin: a real SMTP server (`smtp-server`) on 127.0.0.1 that reads each message with
 * `mailparser` and keeps it in SQLite (`<dataDir>/mailbox.sqlite`), readable at `/sandbox/mail`. The api sends
 * to it over SMTP with nodemailer, the code path a real mail server gets. No authentication and no TLS: it
 * listens on the loopback interface only, and exists only in a sandbox deployment.
 */
@Injectable()
export class MailTwinService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('MailTwin');
  private readonly store: MailboxStore;
  private readonly clock: Clock;
  private server: SMTPServer | null = null;
  private port: number | null = null;
  /** The fault switch: how many of the next messages the server refuses (451, try again later). */
  private failing = 0;

  constructor(@Inject(MAIL_TWIN_OPTIONS) private readonly options: MailTwinOptions) {
    this.store = MailboxStore.open(options.dataDir);
    this.clock = options.clock ?? systemClock;
  }

  async onModuleInit(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      banner: 'Federation portal sandbox mail twin',
      size: MAX_MESSAGE_BYTES,
      logger: false,
      onData: (stream, session, callback) => {
        if (this.failing > 0) {
          this.failing -= 1;
          stream.resume();
          stream.on('end', () =>
            callback(
              Object.assign(new Error('Mailbox unavailable (sandbox fault switch)'), { responseCode: 451 }),
            ),
          );
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const headers: Record<string, string> = {};
            // The raw lines, unfolded: mailparser turns some (List-*) into structures of its own.
            for (const { key, line } of parsed.headerLines) {
              if (!KEPT_HEADERS.includes(key)) continue;
              const value = line
                .slice(line.indexOf(':') + 1)
                .replace(/\r?\n[ \t]+/g, ' ')
                .trim();
              headers[key] = key === 'subject' ? (parsed.subject ?? value) : value;
            }
            this.store.insert(
              {
                messageId: parsed.messageId ?? null,
                from: addressOf(session.envelope.mailFrom),
                to: session.envelope.rcptTo.map((rcpt) => addressOf(rcpt)),
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : null,
                headers,
              },
              this.clock.now(),
            );
            callback();
          })
          .catch((error: unknown) => {
            this.logger.warn(`A message could not be read: ${String(error)}`);
            callback(Object.assign(new Error('Message not readable'), { responseCode: 554 }));
          });
      },
    });
    server.on('error', (error) => this.logger.warn(`SMTP: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.options.smtpPort ?? 0, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    this.store.close();
  }

  /** Where to send: `smtp://127.0.0.1:<port>` (after start-up). */
  smtpUrl(): string {
    if (this.port === null) throw new Error('the mail twin is not listening yet');
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Messages to an address, newest first. */
  list(address: string, limit = DEFAULT_MAIL_LIST_LIMIT): StoredMail[] {
    const bounded = Number.isInteger(limit)
      ? Math.min(Math.max(limit, 1), MAX_MAIL_LIST_LIMIT)
      : DEFAULT_MAIL_LIST_LIMIT;
    return this.store.listTo(address.trim().toLowerCase(), bounded);
  }

  latest(address: string): StoredMail | null {
    return this.list(address, 1)[0] ?? null;
  }

  /** The server refuses the next `calls` messages with 451 (0: takes them again). */
  failNext(calls: number): number {
    this.failing = Math.max(0, Math.trunc(calls));
    return this.failing;
  }

  get failuresLeft(): number {
    return this.failing;
  }
}
