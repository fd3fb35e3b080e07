import { Module, type DynamicModule } from '@nestjs/common';
import { SmsFaultsController } from './sms-faults.controller';
import { SmsOutboxController } from './sms-outbox.controller';
import { SMS_OUTBOX_OPTIONS, type SmsOutboxOptions } from './sms-outbox.options';
import { SmsOutboxService } from './sms-outbox.service';
import { SmsRuTwinController } from './sms-ru-twin.controller';
import { SmsRuTwinService } from './sms-ru-twin.service';

export { SMS_SANDBOX_API_ID, type SmsOutboxOptions } from './sms-outbox.options';
export {
  maskPhone,
  normalizePhone,
  SmsGatewayDownError,
  SmsOutboxService,
  type OutboxEntry,
  type OutboxMessage,
} from './sms-outbox.service';

/**
 * The sandbox SMS outbox: a SQLite-backed store (`<dataDir>/sms-outbox.sqlite`), `GET /sandbox/sms?phone=`,
 * `GET /sandbox/sms/latest?phone=`, SMS.ru's protocol at `/sandbox/sms/smsru/sms/send` and the gateway's fault
 * switch at `/sandbox/sms/faults` (with `controlToken`).
 * Exports `SmsOutboxService`, which the api's outbox adapter writes into. Mount it only in sandbox mode.
 */
@Module({})
export class SmsOutboxModule {
  static forRoot(options: SmsOutboxOptions): DynamicModule {
    return {
      module: SmsOutboxModule,
      controllers: [SmsOutboxController, SmsRuTwinController, SmsFaultsController],
      providers: [{ provide: SMS_OUTBOX_OPTIONS, useValue: options }, SmsOutboxService, SmsRuTwinService],
      exports: [SmsOutboxService],
    };
  }
}
