/**
 * The api's SMS port: deliver one text to one E.164 number. Adapters: the sandbox outbox and an
 * SMS.ru-style HTTP gateway (`SmsModule.forRoot` picks one by configuration). Adapters never log the text
 * (it holds codes), the full number or the gateway's credentials.
 */
export interface SmsSender {
  send(phoneE164: string, text: string): Promise<SmsSendResult>;
}

export type SmsGatewayName = 'outbox' | 'smsru';

export type SmsSendResult =
  | { ok: true; gateway: SmsGatewayName; messageId: string }
  | { ok: false; gateway: SmsGatewayName; failure: SmsFailure };

/**
 * Why a message was not sent:
 * - `invalid_phone`: not an E.164 number, or the gateway has no route to it;
 * - `rejected`: the gateway refused the request (credentials, text, balance, limits), with its code;
 * - `unavailable`: the gateway answered with an HTTP error or could not be reached;
 * - `timeout`: no answer in time;
 * - `bad_answer`: the gateway answered something that is not its protocol.
 */
export interface SmsFailure {
  kind: 'invalid_phone' | 'rejected' | 'unavailable' | 'timeout' | 'bad_answer';
  /** The gateway's own status code, when it gave one (SMS.ru `status_code`, or the HTTP status). */
  code: number | null;
  /** A description safe to log: never the text, the number or a credential. */
  message: string;
}

export const SMS_SENDER = Symbol('SMS_SENDER');

/** E.164: a plus, a non-zero country digit, 10 to 15 digits in all. */
export function isE164(phone: string): boolean {
  return /^\+[1-9]\d{9,14}$/.test(phone);
}

/** `+79001234567` → `+7********67`: the country digit and the last two, enough to tell numbers apart. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return '***';
  return `+${digits.slice(0, 1)}${'*'.repeat(digits.length - 3)}${digits.slice(-2)}`;
}

/** Thrown by `deliveringSmsSender` when a message could not be sent. */
export class SmsDeliveryError extends Error {
  constructor(
    readonly gateway: SmsGatewayName,
    readonly failure: SmsFailure,
  ) {
    super(`SMS not sent via ${gateway}: ${failure.kind}${failure.code === null ? '' : ` ${failure.code}`}`);
    this.name = 'SmsDeliveryError';
  }
}

/**
 * For callers that want `send` to resolve on success and throw on failure (for example the auth module's
 * `AuthSmsSender`): wraps an `SmsSender`, turning a failed result into an `SmsDeliveryError`.
 */
export function deliveringSmsSender(sender: SmsSender): { send(phone: string, text: string): Promise<void> } {
  return {
    async send(phone: string, text: string): Promise<void> {
      const result = await sender.send(phone, text);
      if (!result.ok) throw new SmsDeliveryError(result.gateway, result.failure);
    },
  };
}
