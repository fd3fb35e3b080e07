import type { DynamicModule, Provider } from '@nestjs/common';
import { demoPhones, sandboxPublicConfig, type PublicConfig } from '@fed/contracts';
import { SmsOutboxService } from '@fed/platform-sandbox';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import type { AuthConfig } from '../config/auth-config';
import type { PlatformClientOptions } from '../platform/platform-client';
import { SmsModule } from '../sms/sms.module';
import { deliveringSmsSender, SMS_SENDER, type SmsSender } from '../sms/sms-sender';
import type { AuthSmsSender } from './auth-sms';
import { AUTH_SMS_SENDER } from './auth-tokens';
import { AuthModule } from './auth.module';

/** What `createApp` may be given for the auth server; everything has a default. */
export interface AuthWiring {
  /** `loadAuthConfig()` in `main`; without it, an ephemeral store and key (tests that build the app by hand). */
  auth?: AuthConfig;
  platform?: PlatformClientOptions;
  /** Module ids of the platform scripts; default: the sandbox ids. */
  extensions?: PublicConfig['extensions'];
  /** The SMS port: a sender, or a provider such as {@link authSmsFromPort}. Default: an in-memory outbox. */
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

/** A throwaway auth configuration: in-memory SQLite and a random HS256 key, nothing written to disk. */
export function ephemeralAuthConfig(): AuthConfig {
  const secret = randomBytes(32);
  return {
    jwt: { algorithm: 'HS256', secret },
    jwtKeySource: 'generated',
    issuer: 'federation-portal',
    audience: 'federation-portal-api',
    database: { kind: 'sqlite', file: ':memory:' },
    dataDir: '',
    hashSecret: secret,
  };
}

/**
 * The SMS the auth module sends codes with: the one given, else the api's SMS port as `config.upstreams`
 * configures it (the sandbox outbox of `sandbox`, or the SMS.ru gateway), else an in-memory outbox.
 */
function smsWiring(
  config: AppConfig,
  wiring: AuthWiring,
  sandbox: DynamicModule | null,
): Pick<Parameters<typeof AuthModule.forRoot>[0], 'sms' | 'imports'> {
  if (wiring.sms || !config.upstreams) return { sms: wiring.sms };
  const sms = config.upstreams.sms;
  if (sms.gateway === 'outbox' && !sandbox) return {};
  const port =
    sms.gateway === 'outbox'
      ? SmsModule.forRoot(sms, {
          outbox: { imports: sandbox ? [sandbox] : [], useExisting: SmsOutboxService },
        })
      : SmsModule.forRoot(sms);
  return { sms: authSmsFromPort, imports: [port] };
}

/**
 * The auth module as the app mounts it: the platform of `config.platform` (the upstream, or the twin
 * this process mounts), with the platform token; without `config.platform`, the twin's address on this port.
 * `sandbox` is the app's sandbox module (the same object), whose SMS outbox the SMS port writes to.
 */
export function authModuleFor(
  config: AppConfig,
  wiring: AuthWiring = {},
  sandbox: DynamicModule | null = null,
): DynamicModule {
  const extensions = wiring.extensions ?? sandboxPublicConfig.extensions;
  return AuthModule.forRoot({
    ...smsWiring(config, wiring, sandbox),
    config: wiring.auth ?? ephemeralAuthConfig(),
    demoLogins:
      config.platform?.mode === 'sandbox' && config.platform.seed === 'demo' ? demoPhones : undefined,
    platform: wiring.platform ?? {
      baseUrl: config.platform?.url ?? `http://127.0.0.1:${config.port}/sandbox/elma`,
      token: config.platform?.token ?? '',
      extensions,
    },
  });
}
