import { z } from 'zod';
import { invalidRequest } from './yookassa-error';

/**
 * The request bodies of the twin's API as YooKassa documents them, and their checks. A refusal is YooKassa's
 * 400 `invalid_request` naming the first bad parameter (`receipt.items[0].vat_code`).
 */

/** Kopecks of a `value` with at most two decimals (`"1500.00"`, `"1500"`, `1500.5`), or `null` when it is not one. */
export function kopecksOf(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** `150000` → `"1500.00"`: YooKassa's amount value, always two decimals. */
export function formatKopecks(kopecks: number): string {
  return `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

const amountSchema = z.object({
  value: z.union([z.string(), z.number()]).transform((value, context) => {
    const kopecks = kopecksOf(value);
    if (kopecks === null || kopecks <= 0) {
      context.addIssue({
        code: 'custom',
        message: 'Invalid amount value: a positive number with at most two decimals',
      });
      return z.NEVER;
    }
    return kopecks;
  }),
  currency: z.literal('RUB', { message: 'The twin takes RUB only' }),
});

/** The `payment_subject` values of YooKassa's receipts (54-FZ «признак предмета расчёта»). */
export const PAYMENT_SUBJECTS = [
  'commodity',
  'excise',
  'job',
  'service',
  'gambling_bet',
  'gambling_prize',
  'lottery',
  'lottery_prize',
  'intellectual_activity',
  'payment',
  'agent_commission',
  'property_right',
  'non_operating_gain',
  'insurance_premium',
  'sales_tax',
  'resort_fee',
  'composite',
  'another',
] as const;

/** The `payment_mode` values (54-FZ «признак способа расчёта»). */
export const PAYMENT_MODES = [
  'full_prepayment',
  'partial_prepayment',
  'advance',
  'full_payment',
  'partial_payment',
  'credit',
  'credit_payment',
] as const;

const quantitySchema = z.union([z.number(), z.string()]).transform((value, context) => {
  const text = typeof value === 'number' ? String(value) : value;
  const quantity = /^\d{1,6}(\.\d{1,3})?$/.test(text) ? Number(text) : NaN;
  if (!(quantity > 0)) {
    context.addIssue({
      code: 'custom',
      message: 'Invalid quantity: a positive number with at most three decimals',
    });
    return z.NEVER;
  }
  return quantity;
});

const receiptItemSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'Item description is required')
    .max(128, 'Item description is longer than 128 characters'),
  quantity: quantitySchema,
  amount: amountSchema,
  vat_code: z.number().int().min(1).max(12),
  payment_subject: z.enum(PAYMENT_SUBJECTS),
  payment_mode: z.enum(PAYMENT_MODES),
});

const receiptSchema = z.object({
  customer: z
    .object({
      full_name: z.string().max(256).optional(),
      inn: z
        .string()
        .regex(/^(\d{10}|\d{12})$/, 'INN is 10 or 12 digits')
        .optional(),
      email: z
        .string()
        .max(64)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email')
        .optional(),
      phone: z
        .string()
        .regex(/^\+?\d{11,15}$/, 'Phone in ITU-T E.164, e.g. 79001234567')
        .optional(),
    })
    .refine((customer) => Boolean(customer.email || customer.phone), 'Receipt needs customer email or phone'),
  tax_system_code: z.number().int().min(1).max(6).optional(),
  items: z.array(receiptItemSchema).min(1, 'Receipt needs at least one item').max(100, 'At most 100 items'),
});

export type ReceiptInput = z.infer<typeof receiptSchema>;

const metadataSchema = z
  .record(z.string(), z.unknown())
  .superRefine((metadata, context) => {
    const entries = Object.entries(metadata);
    if (entries.length > 16) context.addIssue({ code: 'custom', message: 'Metadata holds at most 16 keys' });
    for (const [key, value] of entries) {
      if (key.length > 32)
        context.addIssue({ code: 'custom', message: 'Metadata keys are at most 32 characters' });
      if (typeof value !== 'string' || value.length > 512)
        context.addIssue({
          code: 'custom',
          message: 'Metadata values are strings of at most 512 characters',
          path: [key],
        });
    }
  })
  .transform((metadata) => metadata as Record<string, string>);

const returnUrlSchema = z
  .string()
  .max(2048, 'return_url is longer than 2048 characters')
  .refine((url) => /^https?:\/\//i.test(url) && URL.canParse(url), 'return_url must be an http(s) URL');

export const createPaymentSchema = z.object({
  amount: amountSchema,
  capture: z.boolean().default(false),
  confirmation: z.object({
    type: z.literal('redirect', { message: 'The twin supports confirmation type redirect only' }),
    return_url: returnUrlSchema,
    locale: z.enum(['ru_RU', 'en_US']).optional(),
  }),
  description: z.string().max(128, 'Description is longer than 128 characters').optional(),
  metadata: metadataSchema.optional(),
  receipt: receiptSchema.optional(),
});

export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;

export const capturePaymentSchema = z.object({
  amount: amountSchema.optional(),
  receipt: receiptSchema.optional(),
});

export type CapturePaymentInput = z.infer<typeof capturePaymentSchema>;

export const createRefundSchema = z.object({
  payment_id: z.string().min(1).max(64),
  amount: amountSchema,
  description: z.string().max(250, 'Description is longer than 250 characters').optional(),
  receipt: receiptSchema.optional(),
});

export type CreateRefundInput = z.infer<typeof createRefundSchema>;

/** `['receipt', 'items', 0, 'vat_code']` → `receipt.items[0].vat_code`. */
function parameterOf(path: readonly PropertyKey[]): string | undefined {
  let name = '';
  for (const part of path) {
    name += typeof part === 'number' ? `[${part}]` : `${name ? '.' : ''}${String(part)}`;
  }
  return name || undefined;
}

/** The body parsed by `schema`, or YooKassa's 400 naming the first bad parameter. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const parameter = issue ? parameterOf(issue.path) : undefined;
  const missing = issue?.code === 'invalid_type' && issue.message.endsWith('received undefined');
  const description = missing
    ? `Parameter ${parameter ?? 'body'} is required`
    : issue && issue.code !== 'invalid_type' && !issue.message.startsWith('Invalid input')
      ? issue.message
      : `Invalid value of parameter ${parameter ?? 'body'}`;
  throw invalidRequest(description, parameter);
}

/**
 * 54-FZ: the receipt's lines (quantity × unit price, each rounded to kopecks) must add up to what is paid.
 */
export function checkReceiptSum(receipt: ReceiptInput, kopecks: number): void {
  const sum = receipt.items.reduce((total, item) => total + Math.round(item.quantity * item.amount.value), 0);
  if (sum !== kopecks) {
    throw invalidRequest(
      `The sum of receipt items (${formatKopecks(sum)}) differs from the amount (${formatKopecks(kopecks)})`,
      'receipt.items',
    );
  }
}
