import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { MailTwinService } from '@fed/sandbox-mail';
import { SmsOutboxService } from '@fed/sandbox-sms';
import type { AppConfig } from '../config/app-config';
import { DEFAULT_MAIL_FROM, type MailConfig } from '../config/mail-config';
import { SmsModule } from '../sms/sms.module';
import { SMS_SENDER, type SmsSender } from '../sms/sms-sender';
import { ApplicationNotices, NOTICE_OBSERVER } from './application-notices';
import { EmailChannel, SmsChannel } from './channels';
import { EVENT_WATCH_OPTIONS, EventWatchJob, type EventWatchOptions } from './event-watch.job';
import { ClubApplications } from './club-applications';
import { CLUB_DIGEST_OPTIONS, ClubDigestJob, type ClubDigestOptions } from './club-digest.job';
import { NoticesController } from './notices.controller';
import { NoticesService } from './notices.service';
import {
  NOTICE_CHANNELS,
  NOTICES_WORKER_OPTIONS,
  NoticesWorkerService,
  type NoticeChannels,
  type NoticesWorkerOptions,
} from './notices-worker.service';
import { UnsubscribeTokens } from './unsubscribe-token';

export interface NoticesModuleOptions {
  worker: NoticesWorkerOptions;
  /** The event watch (moved and cancelled events told to their entrants). */
  eventWatch: EventWatchOptions;
  /** The club digest job's interval (0: it runs only when called). */
  clubDigest: ClubDigestOptions;
  /** The SMS port the urgent notices go through. */
  sms: DynamicModule;
  /** E-mail: a mail server, the sandbox's twin (imported from `sandbox`), or none. */
  mail: MailConfig | null;
  /** The module exporting `MailTwinService` when `mail` is the twin. */
  sandbox: DynamicModule | null;
  /** The keyed-hash secret the unsubscribe links are signed with. */
  secret: Buffer;
  /** The portal's public origin for the letters' links. */
  portalUrl: string;
}

/**
 * `/api/notices`, the outbox worker and its channels, the observer the proxy tells of applications' states (and
 * of new applications, for the clubs' digests), the club digest job and the event watch. Needs the api's store,
 * clock and platform client (global). Global, for the proxy's optional observer.
 */
@Module({})
export class NoticesModule {
  static forRoot(options: NoticesModuleOptions): DynamicModule {
    const tokens = new UnsubscribeTokens(options.secret);
    const mail = options.mail;
    const twin = mail?.mode === 'sandbox' && options.sandbox !== null;
    const channels: Provider = {
      provide: NOTICE_CHANNELS,
      useFactory: (sms: SmsSender, mailTwin: MailTwinService | null): NoticeChannels => ({
        sms: new SmsChannel(sms),
        email:
          mail === null || (mail.mode === 'sandbox' && !mailTwin)
            ? null
            : new EmailChannel({
                smtpUrl: () => (mail.mode === 'smtp' ? mail.url : (mailTwin as MailTwinService).smtpUrl()),
                from: mail.from,
                timeoutMs: mail.timeoutMs,
                portalUrl: () => options.portalUrl,
                tokens,
              }),
      }),
      inject: [SMS_SENDER, ...(twin ? [MailTwinService] : [{ token: 'NO_MAIL_TWIN', optional: true }])],
    };
    return {
      module: NoticesModule,
      global: true,
      imports: [options.sms, ...(twin && options.sandbox ? [options.sandbox] : [])],
      controllers: [NoticesController],
      providers: [
        { provide: UnsubscribeTokens, useValue: tokens },
        { provide: NOTICES_WORKER_OPTIONS, useValue: options.worker },
        channels,
        NoticesService,
        NoticesWorkerService,
        ClubApplications,
        ApplicationNotices,
        { provide: NOTICE_OBSERVER, useExisting: ApplicationNotices },
        { provide: EVENT_WATCH_OPTIONS, useValue: options.eventWatch },
        EventWatchJob,
        { provide: CLUB_DIGEST_OPTIONS, useValue: options.clubDigest },
        ClubDigestJob,
      ],
      exports: [
        NoticesService,
        NoticesWorkerService,
        NOTICE_OBSERVER,
        UnsubscribeTokens,
        EventWatchJob,
        ClubDigestJob,
      ],
    };
  }
}

/**
 * The notices module as the app mounts it: SMS through the port `config.upstreams.sms` configures (the
 * sandbox outbox of `sandbox`, or the SMS.ru gateway), e-mail to `SMTP_URL` or the sandbox's mail twin; the
 * event watch every `EVENT_WATCH_INTERVAL_MS`, in a deployment and a sandbox alike.
 */
export function noticesModuleFor(config: AppConfig, sandbox: DynamicModule | null): DynamicModule {
  const sms = config.upstreams.sms;
  const mail: MailConfig | null =
    config.mail ??
    (config.deployment.kind === 'sandbox'
      ? { mode: 'sandbox', from: DEFAULT_MAIL_FROM, timeoutMs: 15_000, smtpPort: 0 }
      : null);
  return NoticesModule.forRoot({
    worker: { intervalMs: config.notices?.intervalMs ?? 5000 },
    // `loadConfig` always sets it (15 minutes unless told); a configuration built in code (tests) leaves it out.
    eventWatch: { intervalMs: config.notices?.eventWatchIntervalMs ?? 0 },
    clubDigest: { intervalMs: config.notices?.clubDigestIntervalMs ?? 0 },
    sms:
      sms.gateway === 'outbox' && sandbox
        ? SmsModule.forRoot(sms, { outbox: { imports: [sandbox], useExisting: SmsOutboxService } })
        : SmsModule.forRoot(sms),
    mail,
    sandbox,
    secret: config.auth.hashSecret,
    portalUrl: config.orders?.portalPublicUrl ?? `http://localhost:${config.port}`,
  });
}
