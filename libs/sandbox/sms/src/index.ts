// The sandbox SMS outbox (server only; the api mounts it through `@fed/sandbox-mount` and writes codes into it).
export {
  SMS_SANDBOX_API_ID,
  SmsOutboxModule,
  SmsOutboxService,
  type OutboxEntry,
  type OutboxMessage,
  type SmsOutboxOptions,
} from './lib/sms-outbox.module';
