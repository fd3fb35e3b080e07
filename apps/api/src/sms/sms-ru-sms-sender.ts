import { Logger } from '@nestjs/common';
import { z } from 'zod';
import type { SmsConfig } from '../config/upstreams-config';
import { isE164, maskPhone, type SmsFailure, type SmsSendResult, type SmsSender } from './sms-sender';

export type SmsRuConfig = Extract<SmsConfig, { gateway: 'smsru' }>;

/** SMS.ru's answer to `sms/send?json=1` (https://sms.ru/api/send); other fields are ignored. */
const numberResultSchema = z.object({
  status: z.string(),
  status_code: z.coerce.number(),
  status_text: z.string().optional(),
  sms_id: z.string().optional(),
});
const sendAnswerSchema = z.object({
  status: z.string(),
  status_code: z.coerce.number(),
  status_text: z.string().optional(),
  sms: z.record(z.string(), numberResultSchema).optional(),
});

/** SMS.ru codes that mean "no route to this number" rather than "the request was refused". */
const PHONE_CODES = new Set([202, 207]);

function failed(failure: SmsFailure): SmsSendResult {
  return { ok: false, gateway: 'smsru', failure };
}

/**
 * SMS.ru-style HTTP gateway: `POST {url}/sms/send` with a form body `api_id`, `to`, `msg`, `json=1` and
 * an optional `from`. The api_id travels in the body, never in the URL, so no proxy log records it.
 */
export class SmsRuSmsSender implements SmsSender {
  private readonly logger = new Logger('Sms');

  constructor(
    private readonly config: SmsRuConfig,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async send(phoneE164: string, text: string): Promise<SmsSendResult> {
    if (!isE164(phoneE164)) {
      return failed({ kind: 'invalid_phone', code: null, message: 'not an E.164 number' });
    }
    const to = phoneE164.slice(1);
    const form = new URLSearchParams({ api_id: this.config.apiId, to, msg: text, json: '1' });
    if (this.config.sender) form.set('from', this.config.sender);
    const result = await this.post(form, to);
    if (result.ok) {
      this.logger.log(`SMS ${result.messageId} to ${maskPhone(phoneE164)} accepted by SMS.ru`);
    } else {
      const code = result.failure.code === null ? '' : ` (${result.failure.code})`;
      this.logger.warn(
        `SMS to ${maskPhone(phoneE164)} not sent via SMS.ru: ${result.failure.kind}${code} ${result.failure.message}`,
      );
    }
    return result;
  }

  private async post(form: URLSearchParams, to: string): Promise<SmsSendResult> {
    let response: Response;
    try {
      response = await this.fetchFn(`${this.config.url}/sms/send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return failed(
        timedOut
          ? { kind: 'timeout', code: null, message: `no answer within ${this.config.timeoutMs} ms` }
          : { kind: 'unavailable', code: null, message: 'the gateway could not be reached' },
      );
    }
    if (!response.ok) {
      return failed({ kind: 'unavailable', code: response.status, message: `HTTP ${response.status}` });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return failed({ kind: 'bad_answer', code: null, message: 'the answer is not JSON' });
    }
    const answer = sendAnswerSchema.safeParse(body);
    if (!answer.success) {
      return failed({ kind: 'bad_answer', code: null, message: 'the answer is not an SMS.ru send answer' });
    }
    const { status, status_code: statusCode, status_text: statusText, sms } = answer.data;
    if (status !== 'OK') {
      return failed({ kind: 'rejected', code: statusCode, message: statusText ?? 'refused' });
    }
    const perNumber = sms?.[to];
    if (!perNumber) {
      return failed({
        kind: 'bad_answer',
        code: statusCode,
        message: 'the answer has no result for the number',
      });
    }
    if (perNumber.status !== 'OK' || !perNumber.sms_id) {
      return failed({
        kind: PHONE_CODES.has(perNumber.status_code) ? 'invalid_phone' : 'rejected',
        code: perNumber.status_code,
        message: perNumber.status_text ?? 'refused',
      });
    }
    return { ok: true, gateway: 'smsru', messageId: perNumber.sms_id };
  }
}
