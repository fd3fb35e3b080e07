import { Module, type DynamicModule } from '@nestjs/common';
import { MailFaultsController, MailTwinController } from './mail-twin.controller';
import { MAIL_TWIN_OPTIONS, type MailTwinOptions } from './mail-twin.options';
import { MailTwinService } from './mail-twin.service';

export type { MailTwinOptions } from './mail-twin.options';
export { MailTwinService } from './mail-twin.service';
export type { StoredMail } from './mailbox.store';

/**
 * The sandbox mail twin: an SMTP server on 127.0.0.1 (`smtpUrl()` of `MailTwinService` says where) keeping what
 * it receives in `<dataDir>/mailbox.sqlite`, `GET /sandbox/mail?to=`, `GET /sandbox/mail/latest?to=` and the
 * fault switch at `/sandbox/mail/faults` (with `controlToken`). Mount it only in sandbox mode.
 */
@Module({})
export class MailTwinModule {
  static forRoot(options: MailTwinOptions): DynamicModule {
    return {
      module: MailTwinModule,
      controllers: [MailTwinController, MailFaultsController],
      providers: [{ provide: MAIL_TWIN_OPTIONS, useValue: options }, MailTwinService],
      exports: [MailTwinService],
    };
  }
}
