import { z } from 'zod';
import {
  elmaCategorySchema,
  elmaEmailSchema,
  elmaFullNameSchema,
  elmaIdSchema,
  elmaMoneySchema,
  elmaPhoneSchema,
} from '@fed/contracts';
import type { ElmaAppDefinition, ElmaFieldType } from './app-registry';
import { describeIssues, ElmaError } from './elma-error';

/** Normalizes any RFC 3339 value (or `YYYY-MM-DD`) to UTC `…T…Z`, so stored dates compare as strings. */
export function normalizeDateTime(value: string, endOfDay = false): string | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (!dateOnly && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    return null;
  const time = new Date(dateOnly ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

const dateTimeValue = z.string().transform((value, context) => {
  const normalized = normalizeDateTime(value);
  if (normalized === null) {
    context.addIssue({ code: 'custom', message: 'expected an RFC 3339 date-time' });
    return z.NEVER;
  }
  return normalized;
});

const valueSchemas: Record<Exclude<ElmaFieldType, 'computed'>, z.ZodType> = {
  string: z.string().max(20_000),
  number: z.number().finite(),
  boolean: z.boolean(),
  datetime: dateTimeValue,
  link: z.array(elmaIdSchema).max(1000),
  category: z.array(elmaCategorySchema).max(50),
  phone: z.array(elmaPhoneSchema).max(20),
  email: z.array(elmaEmailSchema).max(20),
  money: elmaMoneySchema,
  fullname: elmaFullNameSchema,
  object: z.unknown(),
};

/**
 * Checks a `create`/`update` context against the app's fields: unknown or computed fields and values of the
 * wrong shape are refused with 400; `null` empties a field. Returns the normalized values.
 */
export function validateContext(
  app: ElmaAppDefinition,
  context: Record<string, unknown>,
): { name?: string; deletedAt?: string | null; fields: Record<string, unknown> } {
  const fields: Record<string, unknown> = {};
  const problems: string[] = [];
  let name: string | undefined;
  let deletedAt: string | null | undefined;
  for (const [field, value] of Object.entries(context)) {
    if (field === '__name') {
      if (typeof value !== 'string' || value.trim() === '' || value.length > 500) {
        problems.push('__name: expected a non-empty string');
      } else {
        name = value.trim();
      }
      continue;
    }
    if (field === '__deletedAt') {
      const normalized =
        value === null ? null : typeof value === 'string' ? normalizeDateTime(value) : undefined;
      if (normalized === undefined || (value !== null && normalized === null)) {
        problems.push('__deletedAt: expected an RFC 3339 date-time or null');
      } else {
        deletedAt = normalized;
      }
      continue;
    }
    const type = app.fields[field];
    if (type === undefined || field.startsWith('__')) {
      problems.push(`${field}: no such field in app ${app.namespace}.${app.code}`);
      continue;
    }
    if (type === 'computed') {
      problems.push(`${field}: the field is computed by the platform and cannot be written`);
      continue;
    }
    if (value === null) {
      fields[field] = null;
      continue;
    }
    const parsed = valueSchemas[type].safeParse(value);
    if (!parsed.success) {
      problems.push(`${field}: ${describeIssues(parsed.error.issues)}`);
      continue;
    }
    fields[field] = parsed.data;
  }
  if (problems.length > 0) throw ElmaError.badRequest(`invalid context: ${problems.join('; ')}`);
  return { name, deletedAt, fields };
}
