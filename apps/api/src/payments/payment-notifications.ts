import { Body, Controller, HttpCode, Inject, Injectable, Logger, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { BlockList } from 'node:net';
import { z } from 'zod';
import { ApiException } from '../common/api-exception.filter';
import { PAYMENT_NOTIFICATIONS_PATH } from '../config/payments-config';
import { addressIn } from './address-ranges';
import { PaymentEvents } from './payment-events';
import { PAYMENT_PROVIDER, PaymentProviderError, type PaymentProvider } from './payment-provider';

/** The addresses notifications are accepted from (`YOOKASSA_NOTIFY_FROM`, as a `BlockList`). */
export const PAYMENT_NOTIFY_FROM = Symbol('PAYMENT_NOTIFY_FROM');

/** The events the receiver reads back and emits. */
const HANDLED_EVENTS = [
  'payment.waiting_for_capture',
  'payment.succeeded',
  'payment.canceled',
  'refund.succeeded',
] as const;

/**
 * YooKassa's other documented events (payouts, Safe Deal, saved payment methods): a shop subscribed to them by
 * mistake gets 200 `ignored_event`, so YooKassa stops delivering them. Any other name is not YooKassa's: 400.
 */
const IGNORED_EVENTS = [
  'payout.succeeded',
  'payout.canceled',
  'deal.closed',
  'payment_method.active',
] as const;

/**
 * A YooKassa object id: printable ASCII, at most 64 characters (`2d4f8d2a-000f-5000-8000-1b2c3d4e5f60`). Checked
 * before anything else is done with it: a lone surrogate would make encodeURIComponent throw, and a newline
 * or a NUL has no place in a URL or a log.
 */
const OBJECT_ID = /^[\x21-\x7e]{1,64}$/;

/**
 * Of a notification only the event and the object's id are read, and only to know what to read back from the
 * provider: the rest of the body (the status above all) is never believed. YooKassa signs nothing.
 */
const notificationSchema = z.object({
  type: z.literal('notification', { message: 'Ожидается уведомление (type: notification)' }),
  event: z.enum([...HANDLED_EVENTS, ...IGNORED_EVENTS], {
    message: 'Неизвестное событие платёжного сервиса',
  }),
  object: z.object(
    {
      id: z.string({ message: 'Нет идентификатора объекта' }).regex(OBJECT_ID, {
        message: 'Идентификатор объекта — от 1 до 64 печатных символов ASCII',
      }),
    },
    { message: 'Нет объекта уведомления' },
  ),
});

/** Each bad field of a notification (`object.id`, `event`) with why, for the 400's `fieldErrors`. */
function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

export type ReceiveOutcome = 'emitted' | 'unknown_object' | 'ignored_event';

/**
 * The receiver's rule: only from the configured address ranges; then the payment (or the refund, then its
 * payment) is read again by id from the provider and what that read says is emitted as a "payment changed"
 * event. An id the provider does not know changes nothing and is answered 200, so the provider stops.
 */
@Injectable()
export class PaymentNotificationsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PAYMENT_NOTIFY_FROM) private readonly notifyFrom: BlockList,
    private readonly events: PaymentEvents,
  ) {}

  async receive(address: string | undefined, body: unknown): Promise<ReceiveOutcome> {
    if (!addressIn(this.notifyFrom, address)) {
      this.logger.warn(`Payment notification refused from ${JSON.stringify(address ?? null)}`);
      throw new ApiException(403, {
        code: 'forbidden',
        message: 'Уведомления принимаются только с адресов платёжного сервиса',
      });
    }
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success) {
      // Nothing of the body is logged or looked up: it is not YooKassa's.
      throw new ApiException(400, {
        code: 'validation_failed',
        message: 'Это не уведомление платёжного сервиса',
        fieldErrors: fieldErrorsOf(parsed.error),
      });
    }
    const { event, object } = parsed.data;
    try {
      if (event.startsWith('payment.')) {
        const payment = await this.provider.get(object.id);
        if (!payment) return this.unknown(event, object.id);
        await this.events.emit({ payment, refund: null, event });
        return 'emitted';
      }
      if (event.startsWith('refund.')) {
        const refund = await this.provider.getRefund(object.id);
        const payment = refund ? await this.provider.get(refund.paymentId) : null;
        if (!refund || !payment) return this.unknown(event, object.id);
        await this.events.emit({ payment, refund, event });
        return 'emitted';
      }
    } catch (error) {
      // The provider could not be read: answer an error, so that it delivers again.
      if (error instanceof PaymentProviderError) throw error.toApiException();
      throw error;
    }
    return 'ignored_event';
  }

  private unknown(event: string, id: string): ReceiveOutcome {
    this.logger.warn(
      `Payment notification ${event} for an id the provider does not know: ${JSON.stringify(id)}`,
    );
    return 'unknown_object';
  }
}

/**
 * `POST /api/payments/notifications`: YooKassa's HTTP notifications (the URL set in the shop's settings).
 * 200 once handled (the body is ignored by YooKassa); 403 from another address; 502/504 when the provider
 * could not be read back, so that it delivers again.
 */
@Controller(PAYMENT_NOTIFICATIONS_PATH.slice(1))
export class PaymentNotificationsController {
  constructor(private readonly notifications: PaymentNotificationsService) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() request: Request, @Body() body: unknown): Promise<{ outcome: ReceiveOutcome }> {
    return { outcome: await this.notifications.receive(request.ip, body) };
  }
}
