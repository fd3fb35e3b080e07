import {
  Module,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type Provider,
} from '@nestjs/common';
import type { SmsConfig } from '../config/upstreams-config';
import { OutboxSmsSender, SMS_OUTBOX_PORT, type SmsOutboxPort } from './outbox-sms-sender';
import { SmsRuSmsSender } from './sms-ru-sms-sender';
import { SMS_SENDER } from './sms-sender';

/** Where the outbox adapter finds the sandbox outbox: a module that exports it, and its token. */
export interface SmsOutboxBinding {
  imports?: ModuleMetadata['imports'];
  /** Token of a provider shaped like `SmsOutboxPort`, e.g. `SmsOutboxService` of `@fed/sandbox-sms`. */
  useExisting: InjectionToken;
}

export interface SmsModuleOptions {
  /** Required when `config.gateway` is `outbox`. */
  outbox?: SmsOutboxBinding;
  /** Replaces `fetch` for the HTTP gateway (tests). */
  fetch?: typeof fetch;
}

/**
 * The SMS port: provides `SMS_SENDER` (an `SmsSender`) with the adapter the configuration names —
 * the sandbox outbox (`SMS_GATEWAY=outbox`, default) or the SMS.ru-style gateway (`SMS_GATEWAY=smsru`).
 */
@Module({})
export class SmsModule {
  static forRoot(config: SmsConfig, options: SmsModuleOptions = {}): DynamicModule {
    if (config.gateway === 'outbox') {
      const outbox = options.outbox;
      if (!outbox) {
        throw new Error('SMS_GATEWAY=outbox needs the sandbox SMS outbox (SmsOutboxModule) to be mounted');
      }
      const providers: Provider[] = [
        { provide: SMS_OUTBOX_PORT, useExisting: outbox.useExisting },
        {
          provide: SMS_SENDER,
          useFactory: (port: SmsOutboxPort) => new OutboxSmsSender(port),
          inject: [SMS_OUTBOX_PORT],
        },
      ];
      return { module: SmsModule, imports: outbox.imports ?? [], providers, exports: [SMS_SENDER] };
    }
    const fetchFn = options.fetch ?? fetch;
    return {
      module: SmsModule,
      providers: [{ provide: SMS_SENDER, useFactory: () => new SmsRuSmsSender(config, fetchFn) }],
      exports: [SMS_SENDER],
    };
  }
}
