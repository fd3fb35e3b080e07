import { Logger } from '@nestjs/common';
import { isE164, maskPhone, type SmsSendResult, type SmsSender } from './sms-sender';

/**
 * What the outbox adapter needs of the sandbox outbox (`SmsOutboxService` of `@fed/sandbox-sms`
 * has this shape): store one message and give back its id.
 */
export interface SmsOutboxPort {
  add(message: { phone: string; text: string; sender?: string | null; channel: 'outbox' }): { id: string };
}

export const SMS_OUTBOX_PORT = Symbol('SMS_OUTBOX_PORT');

/** Sandbox adapter: "sends" by writing into the outbox readable at `/sandbox/sms`. */
export class OutboxSmsSender implements SmsSender {
  private readonly logger = new Logger('Sms');

  constructor(private readonly outbox: SmsOutboxPort) {}

  send(phoneE164: string, text: string): Promise<SmsSendResult> {
    if (!isE164(phoneE164)) {
      return Promise.resolve({
        ok: false,
        gateway: 'outbox',
        failure: { kind: 'invalid_phone', code: null, message: 'not an E.164 number' },
      });
    }
    let id: string;
    try {
      ({ id } = this.outbox.add({ phone: phoneE164, text, sender: null, channel: 'outbox' }));
    } catch (error) {
      // The outbox stands in for a gateway: one that refuses (its fault switch, a full disk) is unavailable.
      return Promise.resolve({
        ok: false,
        gateway: 'outbox',
        failure: {
          kind: 'unavailable',
          code: null,
          message: error instanceof Error ? error.message : 'the outbox refused the message',
        },
      });
    }
    this.logger.log(`SMS ${id} to ${maskPhone(phoneE164)} queued in the sandbox outbox (/sandbox/sms)`);
    return Promise.resolve({ ok: true, gateway: 'outbox', messageId: id });
  }
}
