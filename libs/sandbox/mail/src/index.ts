// The sandbox mail twin (server only; the api mounts it through `@fed/sandbox-mount` and sends e-mail to it).
export {
  MailTwinModule,
  MailTwinService,
  type MailTwinOptions,
  type StoredMail,
} from './lib/mail-twin.module';
