// Public face of the sandbox twins (server only).
export { PlatformSandboxModule, type PlatformSandboxOptions } from './lib/platform-sandbox.module';
export { ElmaTwinModule } from './lib/elma/elma-twin.module';
export { ELMA_TWIN_PREFIX, type ElmaTwinOptions, type SandboxSeed } from './lib/elma/core/elma-options';
export {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  demoFederation,
  demoPhones,
  type DemoPhone,
} from './lib/elma/seed/demo-accounts';
export {
  DADATA_SANDBOX_API_KEY,
  DadataTwinModule,
  type DadataTwinOptions,
} from './lib/dadata/dadata-twin.module';
export {
  SMS_SANDBOX_API_ID,
  SmsOutboxModule,
  SmsOutboxService,
  type OutboxEntry,
  type OutboxMessage,
  type SmsOutboxOptions,
} from './lib/sms/sms-outbox.module';
