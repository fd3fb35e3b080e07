import type { DynamicModule } from '@nestjs/common';
import { PlatformSandboxModule, type PlatformSandboxOptions } from '@fed/platform-sandbox';
import type { AppConfig } from '../config/app-config';
import { sandboxTwinsFor } from '../config/upstreams-config';

/** What the other sandbox twins need to be mounted (each only when its real service is not configured). */
export interface SandboxTwinsWanted {
  /** The DaData twin, with the key the api will present. */
  dadata?: { apiKey: string };
  /** The SMS outbox (with its SMS.ru-protocol endpoint). */
  sms?: boolean;
}

/**
 * The sandbox twins the configuration asks for, as one module mounted under `/sandbox`: the platform twin when
 * `PLATFORM_URL` is unset; the DaData twin and the SMS outbox when `config.upstreams` does not configure theirs
 * (`sandboxTwinsFor`). Whoever needs a twin's service (the SMS port takes `SmsOutboxService`) imports this
 * same module object. `null` when nothing is sandboxed.
 */
export function sandboxModuleFor(
  config: AppConfig,
  others: SandboxTwinsWanted = config.upstreams ? sandboxTwinsFor(config.upstreams) : {},
): DynamicModule | null {
  const platform = config.platform?.mode === 'sandbox' ? config.platform : null;
  if (!platform && !others.dadata && !others.sms) return null;
  const sms = config.upstreams?.sms;
  const options: PlatformSandboxOptions = {
    dataDir: config.sandboxDataDir ?? platform?.dataDir ?? 'var/sandbox',
    ...(platform ? { platform: { token: platform.token, seed: platform.seed } } : {}),
    ...(others.dadata ? { dadata: { apiKey: others.dadata.apiKey } } : {}),
    ...(others.sms ? { sms: sms?.gateway === 'smsru' ? { smsRuApiId: sms.apiId } : {} } : {}),
  };
  return PlatformSandboxModule.forRoot(options);
}
