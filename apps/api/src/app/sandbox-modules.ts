import type { DynamicModule } from '@nestjs/common';
import { SandboxModule } from '@fed/sandbox-mount';
import type { Clock } from '../common/clock';
import type { AppConfig } from '../config/app-config';
import { sandboxOptionsFor } from '../config/deployment';

/**
 * The sandbox twins as one module mounted under `/sandbox`: in a sandbox deployment, every twin of
 * `SANDBOX_TWINS` the configuration leaves its service to; `null` in a real deployment, which has no
 * `/sandbox` route at all. Whoever needs a twin's service (the SMS port takes `SmsOutboxService`) imports
 * this same module object.
 */
export function sandboxModuleFor(config: AppConfig, clock?: Clock): DynamicModule | null {
  const options = sandboxOptionsFor(config);
  return options ? SandboxModule.forRoot({ ...options, ...(clock ? { clock } : {}) }) : null;
}
