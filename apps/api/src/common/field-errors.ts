import { authErrorCodes } from '@fed/contracts';
import type { z } from 'zod';
import { ApiException } from './api-exception.filter';

/** Key of `fieldErrors` for a problem with the value as a whole. */
export const WHOLE_VALUE_FIELD = '_body';

/**
 * Messages for the issues the contracts leave to zod's defaults (English): a missing field, or a value
 * of the wrong type. The schemas' own messages take precedence over this.
 */
function russianFallback(issue: { code?: string; input?: unknown }): string | undefined {
  if (issue.input === undefined || issue.input === null) return 'Поле обязательно';
  if (issue.code === 'invalid_type') return 'Неверный тип значения';
  if (issue.code === 'invalid_union' || issue.code === 'invalid_value') return 'Недопустимое значение';
  return undefined;
}

/** Maps zod issues to `ApiError.fieldErrors`: dotted paths; an unknown field reported under its own name. */
export function fieldErrorsOf(
  error: z.ZodError,
  prefix: readonly PropertyKey[] = [],
): Record<string, string[]> {
  // No prototype: a field named `valueOf` or `__proto__` must be a plain key, not an inherited member.
  const fieldErrors = Object.create(null) as Record<string, string[]>;
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = [...prefix, ...path].map(String).join('.') || WHOLE_VALUE_FIELD;
    (fieldErrors[key] ??= []).push(message);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'Неизвестное поле');
    } else {
      add(issue.path, issue.message);
    }
  }
  return fieldErrors;
}

/** Parses `value` with `schema`, or throws a 400 `ApiError` with field errors. */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: readonly PropertyKey[] = [],
): z.output<S> {
  const parsed = schema.safeParse(value, { error: russianFallback });
  if (parsed.success) return parsed.data;
  throw new ApiException(400, {
    code: authErrorCodes.validation,
    message: 'Проверьте введённые данные',
    fieldErrors: fieldErrorsOf(parsed.error, prefix),
  });
}
