import { Injectable, type PipeTransform } from '@nestjs/common';
import { authErrorCodes } from '@fed/contracts';
import type { z } from 'zod';
import { ApiException } from '../common/api-exception.filter';
import { fieldErrorsOf, WHOLE_VALUE_FIELD } from '../common/field-errors';

/** Key of `fieldErrors` for a problem with the body as a whole. */
export const BODY_FIELD = WHOLE_VALUE_FIELD;

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

/** Validates a body with its contract schema; a bad body is a 400 `ApiError` with Russian field errors. */
@Injectable()
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const parsed = this.schema.safeParse(value ?? {}, { error: russianFallback });
    if (parsed.success) return parsed.data;
    throw new ApiException(400, {
      code: authErrorCodes.validation,
      message: 'Проверьте введённые данные',
      fieldErrors: fieldErrorsOf(parsed.error),
    });
  }
}
