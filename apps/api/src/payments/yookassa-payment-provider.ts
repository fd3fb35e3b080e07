import { Logger } from '@nestjs/common';
import { z } from 'zod';
import {
  jsonOf,
  retryAfterSeconds,
  UpstreamHttp,
  UpstreamTransportError,
  type UpstreamAnswer,
} from '../platform/upstream-http';
import {
  PaymentProviderError,
  type CreatedWindow,
  type CreatePaymentInput,
  type Kopecks,
  type PaymentProvider,
  type PaymentReceipt,
  type ProviderPayment,
  type ProviderRefund,
  type RefundInput,
} from './payment-provider';

export interface YookassaProviderOptions {
  /** API base with its version: `https://api.yookassa.ru/v3`, or the twin's `http://127.0.0.1:PORT/sandbox/yookassa/v3`. */
  url: string;
  shopId: string;
  /** Sent only in the Basic `Authorization` header; never logged. */
  secretKey: string;
  /** Deadline of one attempt (connect, headers and body). */
  timeoutMs: number;
  /**
   * Waits before each repeat of a call answered 500 (or another 5xx) or not answered in time; their count is
   * the number of repeats. YooKassa asks to repeat with the same key until a definite answer: the api repeats
   * a few times within one request and leaves the rest to the caller, who keeps the key.
   */
  retryDelaysMs?: readonly number[];
}

export const DEFAULT_RETRY_DELAYS_MS = [500, 2000] as const;

/** A YooKassa answer is small; more than this is not one. */
const MAX_ANSWER_BYTES = 1_048_576;

/**
 * YooKassa's ids: printable ASCII, at most 64 characters. An answer's ids are held to it too, so that no id the
 * port hands on can break a URL or a log line.
 */
const PROVIDER_ID = /^[\x21-\x7e]{1,64}$/;
const idSchema = z.string().regex(PROVIDER_ID);

const amountSchema = z.object({ value: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/), currency: z.string() });

const paymentSchema = z.object({
  id: idSchema,
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  paid: z.boolean(),
  amount: amountSchema,
  refunded_amount: amountSchema.optional(),
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  description: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).optional(),
  refundable: z.boolean().optional(),
  test: z.boolean().optional(),
  created_at: z.string(),
  captured_at: z.string().optional(),
  expires_at: z.string().optional(),
});

const refundSchema = z.object({
  id: idSchema,
  payment_id: idSchema,
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: amountSchema,
  description: z.string().optional(),
  created_at: z.string(),
});

/** YooKassa's list object: a page of `items`, and `next_cursor` while more remain. */
function listSchema<T extends z.ZodType>(item: T) {
  return z.object({
    type: z.literal('list'),
    items: z.array(item),
    next_cursor: z.string().min(1).max(1024).nullish(),
  });
}

/** YooKassa's largest page: the fewest calls for a long list. */
const LIST_PAGE_LIMIT = 100;
/** 100 000 objects: a list longer than this is a provider that does not stop handing out cursors. */
const MAX_LIST_PAGES = 1000;

const errorSchema = z.object({
  code: z.string().optional(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

/** `"1500.5"` → `150050`. */
function kopecksOf(value: string): Kopecks {
  const [rubles = '0', kopecks = ''] = value.split('.');
  return Number(rubles) * 100 + Number(kopecks.padEnd(2, '0'));
}

/** `150050` → `{value: "1500.50", currency: "RUB"}`. */
function amountOf(kopecks: Kopecks) {
  if (!Number.isSafeInteger(kopecks) || kopecks <= 0)
    throw new Error('An amount is a positive whole number of kopecks');
  return { value: `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`, currency: 'RUB' };
}

function receiptOf(receipt: PaymentReceipt) {
  const { email, phone, fullName } = receipt.customer;
  return {
    customer: {
      ...(email ? { email } : {}),
      // YooKassa takes the number as digits only (ITU-T E.164 without the plus).
      ...(phone ? { phone: phone.replace(/\D/g, '') } : {}),
      ...(fullName ? { full_name: fullName } : {}),
    },
    ...(receipt.taxSystemCode === undefined ? {} : { tax_system_code: receipt.taxSystemCode }),
    items: receipt.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      amount: amountOf(line.unitPrice),
      vat_code: line.vatCode,
      payment_subject: line.paymentSubject,
      payment_mode: line.paymentMode,
    })),
  };
}

function paymentFrom(answer: z.infer<typeof paymentSchema>): ProviderPayment {
  const metadata = Object.fromEntries(
    Object.entries(answer.metadata ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return {
    id: answer.id,
    status: answer.status,
    paid: answer.paid,
    amount: kopecksOf(answer.amount.value),
    refundedAmount: answer.refunded_amount ? kopecksOf(answer.refunded_amount.value) : 0,
    confirmationUrl: answer.status === 'pending' ? (answer.confirmation?.confirmation_url ?? null) : null,
    description: answer.description ?? null,
    metadata,
    orderId: metadata['orderId'] ?? null,
    cancellation: answer.cancellation_details ?? null,
    refundable: answer.refundable ?? false,
    test: answer.test ?? false,
    createdAt: answer.created_at,
    capturedAt: answer.captured_at ?? null,
    expiresAt: answer.expires_at ?? null,
  };
}

function refundFrom(answer: z.infer<typeof refundSchema>): ProviderRefund {
  return {
    id: answer.id,
    paymentId: answer.payment_id,
    status: answer.status,
    amount: kopecksOf(answer.amount.value),
    description: answer.description ?? null,
    createdAt: answer.created_at,
  };
}

/**
 * `/payments/{id}` with the id as one path segment, or `null` for an id YooKassa cannot have given: anything
 * but 1–64 printable ASCII characters (a lone surrogate would make `encodeURIComponent` throw) or `.` and `..`,
 * which the URL parser resolves as steps up the path, even encoded.
 */
function objectPath(collection: 'payments' | 'refunds', id: string): string | null {
  if (!PROVIDER_ID.test(id) || id === '.' || id === '..') return null;
  return `/${collection}/${encodeURIComponent(id)}`;
}

/** What YooKassa answers for an id it does not know, said without asking it. */
function notFound(): PaymentProviderError {
  return new PaymentProviderError('rejected', 'платёж не найден', { status: 404, code: 'not_found' });
}

/** The window as YooKassa's filters: `created_at.gte` (included) and `created_at.lt` (excluded). */
function windowFilters(window: CreatedWindow): Record<string, string> {
  const instant = (date: Date, name: string) => {
    if (Number.isNaN(date.getTime())) throw new Error(`${name} is not an instant`);
    return date.toISOString();
  };
  return {
    'created_at.gte': instant(window.createdFrom, 'createdFrom'),
    ...(window.createdTo === undefined ? {} : { 'created_at.lt': instant(window.createdTo, 'createdTo') }),
  };
}

/** An idempotence key goes into a header as it is: printable ASCII, at most 64 characters. */
function checkKey(key: string): void {
  if (!/^[\x21-\x7e]{1,64}$/.test(key)) {
    throw new Error(
      'An idempotence key is 1–64 printable ASCII characters (a UUID v4 is what YooKassa suggests)',
    );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * YooKassa API v3 over the api's one upstream client (keep-alive, deadline, size cap): Basic auth, the
 * caller's `Idempotence-Key` on every POST, a 5xx or a timeout repeated with the same key a bounded number
 * of times. Answers are checked against YooKassa's documented shapes before anything reads them.
 */
export class YookassaPaymentProvider implements PaymentProvider {
  private readonly logger = new Logger('Payments');
  private readonly http = new UpstreamHttp();
  private readonly authorization: string;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly options: YookassaProviderOptions) {
    this.authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  onModuleDestroy(): void {
    this.http.destroy();
  }

  async create(input: CreatePaymentInput): Promise<ProviderPayment> {
    const body = {
      amount: amountOf(input.amount),
      capture: input.capture ?? true,
      confirmation: { type: 'redirect', return_url: input.returnUrl },
      description: input.description,
      metadata: { ...input.metadata, orderId: input.orderId },
      receipt: receiptOf(input.receipt),
    };
    const payment = paymentFrom(
      await this.call('POST', '/payments', paymentSchema, { body, key: input.idempotenceKey }),
    );
    // Ids are quoted: one that came from outside cannot start a line of its own in the log.
    this.logger.debug(
      `Payment ${JSON.stringify(payment.id)} for order ${JSON.stringify(input.orderId)}: ${payment.status}`,
    );
    return payment;
  }

  async get(id: string): Promise<ProviderPayment | null> {
    const path = objectPath('payments', id);
    if (path === null) return null;
    const answer = await this.call('GET', path, paymentSchema, { absentOn404: true });
    return answer ? paymentFrom(answer) : null;
  }

  async capture(
    id: string,
    input: { idempotenceKey: string; amount?: Kopecks; receipt?: PaymentReceipt },
  ): Promise<ProviderPayment> {
    const body = {
      ...(input.amount === undefined ? {} : { amount: amountOf(input.amount) }),
      ...(input.receipt ? { receipt: receiptOf(input.receipt) } : {}),
    };
    const path = objectPath('payments', id);
    if (path === null) throw notFound();
    return paymentFrom(
      await this.call('POST', `${path}/capture`, paymentSchema, { body, key: input.idempotenceKey }),
    );
  }

  async cancel(id: string, input: { idempotenceKey: string }): Promise<ProviderPayment> {
    const path = objectPath('payments', id);
    if (path === null) throw notFound();
    return paymentFrom(
      await this.call('POST', `${path}/cancel`, paymentSchema, { body: {}, key: input.idempotenceKey }),
    );
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    const body = {
      payment_id: input.paymentId,
      amount: amountOf(input.amount),
      ...(input.description ? { description: input.description } : {}),
      ...(input.receipt ? { receipt: receiptOf(input.receipt) } : {}),
    };
    return refundFrom(await this.call('POST', '/refunds', refundSchema, { body, key: input.idempotenceKey }));
  }

  async getRefund(id: string): Promise<ProviderRefund | null> {
    const path = objectPath('refunds', id);
    if (path === null) return null;
    const answer = await this.call('GET', path, refundSchema, { absentOn404: true });
    return answer ? refundFrom(answer) : null;
  }

  async listPayments(window: CreatedWindow): Promise<ProviderPayment[]> {
    return (await this.listAll('payments', window, paymentSchema)).map(paymentFrom);
  }

  async listRefunds(window: CreatedWindow): Promise<ProviderRefund[]> {
    return (await this.listAll('refunds', window, refundSchema)).map(refundFrom);
  }

  /**
   * Every page of a list, following `next_cursor` with the same filters, each page a call of its own (a 5xx
   * or a timeout repeated as any GET). An object on two pages is kept once; a cursor handed out twice would
   * loop for ever, so it ends the list as a failure.
   */
  private async listAll<T extends z.ZodType<{ id: string }>>(
    collection: 'payments' | 'refunds',
    window: CreatedWindow,
    item: T,
  ): Promise<z.output<T>[]> {
    const filters = { ...windowFilters(window), limit: String(LIST_PAGE_LIMIT) };
    const pageSchema = listSchema(item);
    const objects = new Map<string, z.output<T>>();
    const cursors = new Set<string>();
    let cursor: string | null = null;
    for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
      const query = new URLSearchParams(cursor === null ? filters : { ...filters, cursor });
      const answer: z.output<typeof pageSchema> = await this.call(
        'GET',
        `/${collection}?${query.toString()}`,
        pageSchema,
        {},
      );
      for (const object of answer.items) if (!objects.has(object.id)) objects.set(object.id, object);
      const next: string | null = answer.next_cursor ?? null;
      if (next === null) {
        this.logger.debug(`Listed ${objects.size} ${collection} in ${page + 1} page(s)`);
        return [...objects.values()];
      }
      if (cursors.has(next)) {
        throw new PaymentProviderError('unavailable', 'список не кончается: курсор повторился', {
          status: 200,
        });
      }
      cursors.add(next);
      cursor = next;
    }
    throw new PaymentProviderError('unavailable', `список длиннее ${MAX_LIST_PAGES} страниц`, {
      status: 200,
    });
  }

  /** One API call, repeated with the same key after a 5xx or a timeout; the answer checked by `schema`. */
  private call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    request: { body?: object; key?: string; absentOn404: true },
  ): Promise<z.output<T> | null>;
  private call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    request: { body?: object; key?: string },
  ): Promise<z.output<T>>;
  private async call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    request: { body?: object; key?: string; absentOn404?: boolean },
  ): Promise<z.output<T> | null> {
    const headers: Record<string, string> = { Authorization: this.authorization, Accept: 'application/json' };
    if (method === 'POST') {
      if (request.key === undefined) throw new Error('Every POST to YooKassa carries an idempotence key');
      checkKey(request.key);
      headers['Idempotence-Key'] = request.key;
      headers['Content-Type'] = 'application/json';
    }
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    let failure: PaymentProviderError | null = null;
    for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt += 1) {
      if (attempt > 0) await sleep(this.retryDelaysMs[attempt - 1] ?? 0);
      let answer: UpstreamAnswer;
      try {
        answer = await this.http.request({
          method,
          url: `${this.options.url}${path}`,
          headers,
          body,
          timeoutMs: this.options.timeoutMs,
          maxBytes: MAX_ANSWER_BYTES,
        });
      } catch (error) {
        if (!(error instanceof UpstreamTransportError)) throw error;
        if (error.failure === 'too_large')
          throw new PaymentProviderError('unavailable', 'ответ слишком велик');
        failure = new PaymentProviderError(
          error.failure === 'timeout' ? 'timeout' : 'unavailable',
          error.failure === 'timeout' ? 'ответ не получен вовремя' : 'нет связи',
        );
        this.logger.warn(
          `YooKassa ${method} ${collectionOf(path)}: ${error.failure} (attempt ${attempt + 1})`,
        );
        continue;
      }
      if (answer.status >= 500) {
        failure = new PaymentProviderError('unavailable', `ошибка ${answer.status}`, {
          status: answer.status,
        });
        this.logger.warn(
          `YooKassa ${method} ${collectionOf(path)}: ${answer.status} (attempt ${attempt + 1})`,
        );
        continue;
      }
      if (answer.status === 404 && request.absentOn404) return null;
      if (answer.status !== 200) throw refusal(answer);
      const parsed = schema.safeParse(jsonOf(answer));
      if (!parsed.success)
        throw new PaymentProviderError('unavailable', 'неожиданный ответ', { status: 200 });
      return parsed.data;
    }
    throw failure ?? new PaymentProviderError('unavailable', 'нет ответа');
  }
}

/** `payments` of `/payments/{id}/capture` or `/payments?cursor=…`: what a log line names, never an id or a query. */
function collectionOf(path: string): string {
  return path.split(/[/?]/)[1] ?? '';
}

/** A definite refusal: the provider's code, parameter and description kept for the caller. */
function refusal(answer: UpstreamAnswer): PaymentProviderError {
  const parsed = errorSchema.safeParse(jsonOf(answer));
  const error = parsed.success ? parsed.data : {};
  const details = { status: answer.status, code: error.code, parameter: error.parameter };
  if (answer.status === 429) {
    return new PaymentProviderError('rate_limited', 'слишком много запросов', {
      ...details,
      retryAfterSeconds: retryAfterSeconds(answer.headers['retry-after']),
    });
  }
  if (answer.status === 401 || answer.status === 403) {
    return new PaymentProviderError('credentials', 'учётные данные магазина отклонены', details);
  }
  return new PaymentProviderError(
    'rejected',
    error.description ?? `запрос отклонён (${answer.status})`,
    details,
  );
}
