import type { DynamicModule, Provider } from '@nestjs/common';
import { demoPhones } from '@fed/sandbox-fixtures';
import { SmsOutboxService } from '@fed/sandbox-sms';
import type { AppConfig } from '../config/app-config';
import type { PlatformClientOptions } from '../platform/platform-client';
import { SmsModule } from '../sms/sms.module';
import { deliveringSmsSender, SMS_SENDER, type SmsSender } from '../sms/sms-sender';
import type { AuthSmsSender } from './auth-sms';
import { AUTH_SMS_SENDER } from './auth-tokens';
import { AuthModule } from './auth.module';

/** What a test may put in place of what `config` wires for the auth server (`main` gives none of it). */
export interface AuthWiring {
  /** Default: the platform of `config.platform` with the module ids of `config.publicConfig`. */
  platform?: PlatformClientOptions;
  /** The SMS port: a sender, or a provider such as {@link authSmsFromPort}. Default: `config.upstreams.sms`. */
  sms?: AuthSmsSender | Provider<AuthSmsSender>;
}

/**
 * The auth module's SMS sender over the api's SMS port (`SMS_SENDER` of `SmsModule`, which must be
 * visible to the auth module, e.g. mounted global or by the app module): a failed send becomes an error.
 */
export const authSmsFromPort: Provider<AuthSmsSender> = {
  provide: AUTH_SMS_SENDER,
  useFactory: (sender: SmsSender) => deliveringSmsSender(sender),
  inject: [SMS_SENDER],
};

/**
 * The SMS the auth module sends codes with: the one given, else the api's SMS port as `config.upstreams`
 * configures it (the sandbox outbox of `sandbox`, or the SMS.ru gateway).
 */
function smsWiring(
  config: AppConfig,
  wiring: AuthWiring,
  sandbox: DynamicModule | null,
): Pick<Parameters<typeof AuthModule.forRoot>[0], 'sms' | 'imports'> {
  if (wiring.sms) return { sms: wiring.sms };
  const sms = config.upstreams.sms;
  // Without the sandbox module, the outbox gateway has no outbox: SmsModule refuses to start.
  const port =
    sms.gateway === 'outbox' && sandbox
      ? SmsModule.forRoot(sms, { outbox: { imports: [sandbox], useExisting: SmsOutboxService } })
      : SmsModule.forRoot(sms);
  return { sms: authSmsFromPort, imports: [port] };
}

/**
 * The auth module as the app mounts it: the platform of `config.platform` (the upstream, or the twin this
 * process mounts) with the platform token and the configured module ids. `sandbox` is the app's sandbox
 * module (the same object), whose SMS outbox the SMS port writes to.
 */
export function authModuleFor(
  config: AppConfig,
  wiring: AuthWiring = {},
  sandbox: DynamicModule | null = null,
): DynamicModule {
  const { deployment, platform, publicConfig } = config;
  return AuthModule.forRoot({
    ...smsWiring(config, wiring, sandbox),
    config: config.auth,
    demoLogins: deployment.kind === 'sandbox' && deployment.seed === 'demo' ? demoPhones : undefined,
    platform: wiring.platform ?? {
      baseUrl: platform.url,
      token: platform.token,
      extensions: publicConfig.extensions,
    },
  });
}
