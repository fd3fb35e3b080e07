import { Logger } from '@nestjs/common';
import { maskPhone } from './phone-mask';

/**
 * What the auth server needs of the SMS port: deliver one text to one E.164 number.
 * Implementations must not log the text (it holds the code) nor the full number.
 */
export interface AuthSmsSender {
  send(phone: string, text: string): Promise<void>;
}

/**
 * Fallback used only when the app wires no SMS port: keeps the messages in memory (newest last) and
 * logs that one was queued, with the number masked and without the text.
 */
export class InMemoryAuthSmsSender implements AuthSmsSender {
  private readonly logger = new Logger('AuthSms');
  readonly messages: { phone: string; text: string }[] = [];

  send(phone: string, text: string): Promise<void> {
    this.messages.push({ phone, text });
    if (this.messages.length > 1000) this.messages.shift();
    this.logger.log(`SMS queued to ${maskPhone(phone)}`);
    return Promise.resolve();
  }

  lastCodeFor(phone: string): string | null {
    const message = [...this.messages].reverse().find((entry) => entry.phone === phone);
    return message ? (/\b(\d{6})\b/.exec(message.text)?.[1] ?? null) : null;
  }
}

/** The text of a code SMS. */
export function codeMessage(code: string): string {
  return `Код подтверждения: ${code}. Никому его не сообщайте.`;
}
