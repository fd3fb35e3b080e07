import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { apiErrorOf, messageOf, showFieldErrors } from '@fed/api-client';

/** Where the api's names of a write's fields (`context.bank_account`, `date_of_birth`) sit in a form. */
export type ApiFieldMap<Form extends FieldValues> = Readonly<Record<string, Path<Form>>>;

/** The platform names the field it refuses before its message: `bank_account: Неверный расчётный счёт`. */
const PLATFORM_FIELD_MESSAGE = /^([a-z_]+(?:\.[a-z_]+)*): (.+)$/s;

/**
 * A failed save as the person reads it: the api's field errors under the form's fields (`showFieldErrors`, the
 * api's names translated by `fields`), a platform refusal naming a field under that field too, and the message for
 * the toast — the api's Russian one without the field's technical name.
 */
export function showSaveErrors<Form extends FieldValues>(
  form: Pick<UseFormReturn<Form, unknown, unknown>, 'setError'>,
  error: FetchBaseQueryError | SerializedError | undefined,
  fields: ApiFieldMap<Form>,
): string {
  showFieldErrors(
    { setError: (name, value) => form.setError(fields[name] as Path<Form>, value) },
    error,
    Object.keys(fields) as Path<Form>[],
  );
  const message = messageOf(error);
  const named = PLATFORM_FIELD_MESSAGE.exec(apiErrorOf(error)?.message ?? '');
  if (!named) return message;
  const [, apiField = '', text = ''] = named;
  const field = fields[apiField] ?? fields[`context.${apiField}`];
  if (field) form.setError(field, { message: text });
  return /[А-Яа-яЁё]/.test(text) ? text : message;
}
