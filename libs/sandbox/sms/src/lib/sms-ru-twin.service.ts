import { Inject, Injectable, Logger } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { maskPhone, normalizePhone, SmsOutboxService } from './sms-outbox.service';
import { SMS_OUTBOX_OPTIONS, SMS_SANDBOX_API_ID, type SmsOutboxOptions } from './sms-outbox.options';

/** SMS.ru's status codes the twin uses (https://sms.ru/api/send). */
export const SMS_RU_CODES = {
  ok: 100,
  badApiId: 200,
  badPhone: 202,
  noText: 203,
  tooLong: 205,
} as const;

const STATUS_TEXTS: Record<number, string> = {
  200: 'Неправильный api_id',
  202: 'Неправильно указан номер телефона получателя, либо на него нет маршрута',
  203: 'Нет текста сообщения',
  205: 'Сообщение слишком длинное (превышает 8 СМС)',
};

/** Eight Cyrillic SMS parts of 67 characters: SMS.ru refuses longer texts. */
export const SMS_RU_MAX_TEXT_LENGTH = 8 * 67;
/** The sandbox has money enough for any demo. */
const SANDBOX_BALANCE = 1000;

export type SmsRuNumberResult =
  | { status: 'OK'; status_code: 100; sms_id: string }
  | { status: 'ERROR'; status_code: number; status_text: string };

export type SmsRuSendAnswer =
  | { status: 'OK'; status_code: 100; sms: Record<string, SmsRuNumberResult>; balance: number }
  | { status: 'ERROR'; status_code: number; status_text: string };

/** Parameters of `sms/send` as they arrive (query string and form or JSON body merged). */
export type SmsRuParams = Record<string, unknown>;

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function error(code: number): SmsRuSendAnswer {
  return { status: 'ERROR', status_code: code, status_text: STATUS_TEXTS[code] ?? 'Ошибка' };
}

/** SMS.ru's `sms/send` over the outbox: every accepted message lands in the same outbox as the api's own. */
@Injectable()
export class SmsRuTwinService {
  private readonly logger = new Logger('SmsRuTwin');
  private readonly apiId: string;

  constructor(
    private readonly outbox: SmsOutboxService,
    @Inject(SMS_OUTBOX_OPTIONS) options: SmsOutboxOptions,
  ) {
    this.apiId = options.smsRuApiId ?? SMS_SANDBOX_API_ID;
  }

  send(params: SmsRuParams): SmsRuSendAnswer {
    const apiId = text(params['api_id']) ?? '';
    if (!this.validApiId(apiId)) return error(SMS_RU_CODES.badApiId);
    const messages = this.messagesOf(params);
    if (messages.length === 0 || messages.some((message) => message.text.trim() === '')) {
      return error(SMS_RU_CODES.noText);
    }
    if (messages.some((message) => message.text.length > SMS_RU_MAX_TEXT_LENGTH)) {
      return error(SMS_RU_CODES.tooLong);
    }
    const sender = text(params['from']) ?? null;
    const testOnly = text(params['test']) === '1';
    const sms: Record<string, SmsRuNumberResult> = {};
    for (const message of messages) {
      const phone = normalizePhone(message.to);
      const key = message.to.replace(/\D/g, '') || message.to;
      if (!phone) {
        sms[key] = {
          status: 'ERROR',
          status_code: SMS_RU_CODES.badPhone,
          status_text: STATUS_TEXTS[202] ?? '',
        };
        continue;
      }
      const id = testOnly
        ? '000000-00000000'
        : this.outbox.add({ phone, text: message.text, sender, channel: 'smsru' }).id;
      this.logger.log(
        `SMS.ru twin accepted an SMS to ${maskPhone(phone)}${testOnly ? ' (test, not stored)' : ''}`,
      );
      sms[key] = { status: 'OK', status_code: SMS_RU_CODES.ok, sms_id: id };
    }
    return { status: 'OK', status_code: SMS_RU_CODES.ok, sms, balance: SANDBOX_BALANCE };
  }

  /** SMS.ru's plain answer (without `json=1`): the status code, then one line per number, then the balance. */
  plain(answer: SmsRuSendAnswer): string {
    if (answer.status === 'ERROR') return `${answer.status_code}\n`;
    const lines = Object.values(answer.sms).map((result) =>
      result.status === 'OK' ? result.sms_id : String(result.status_code),
    );
    return [String(answer.status_code), ...lines, `balance=${answer.balance.toFixed(2)}`].join('\n');
  }

  private validApiId(apiId: string): boolean {
    const given = Buffer.from(apiId);
    const expected = Buffer.from(this.apiId);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** `to` (comma-separated numbers) with `msg`, or `multi[number]=text` pairs. */
  private messagesOf(params: SmsRuParams): { to: string; text: string }[] {
    const multi = params['multi'];
    if (typeof multi === 'object' && multi !== null) {
      return Object.entries(multi).map(([to, value]) => ({ to, text: text(value) ?? '' }));
    }
    const msg = text(params['msg']) ?? '';
    const to = text(params['to']) ?? '';
    return to
      .split(',')
      .map((number) => number.trim())
      .filter(Boolean)
      .map((number) => ({ to: number, text: msg }));
  }
}
