import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { isApiError, type ApiError } from '@fed/contracts';

import { UNEXPECTED_ERROR } from './unexpected-error';

export { UNEXPECTED_ERROR } from './unexpected-error';

/** The api's JSON error inside an RTK Query failure, when there is one. */
export function apiErrorOf(error: FetchBaseQueryError | SerializedError | undefined): ApiError | null {
  if (!error || !('status' in error) || typeof error.status !== 'number') return null;
  return isApiError(error.data) ? error.data : null;
}

/**
 * Whether a read failed because the record does not exist: the platform answers 404 for an unknown id (or one of
 * another kind) and 400 for an id it cannot read, and the proxy passes both on. Either way there is no such page.
 */
export function isMissingRecord(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return !!error && 'status' in error && (error.status === 404 || error.status === 400);
}

/** A message a person can read: the api's Russian message, else the spec's generic one. */
export function messageOf(error: FetchBaseQueryError | SerializedError | undefined): string {
  const apiError = apiErrorOf(error);
  if (apiError && /[А-Яа-яЁё]/.test(apiError.message)) return apiError.message;
  if (error && 'status' in error && error.status === 'FETCH_ERROR')
    return 'Нет связи с сервером. Проверьте подключение';
  return UNEXPECTED_ERROR;
}

/**
 * Puts the api's field errors under the form's fields — all of them, or only `fields` — and tells whether any was
 * shown; when none was, the caller shows {@link messageOf} above the button instead.
 */
export function showFieldErrors<Form extends FieldValues>(
  form: Pick<UseFormReturn<Form, unknown, unknown>, 'setError'>,
  error: FetchBaseQueryError | SerializedError | undefined,
  fields?: readonly Path<Form>[],
): boolean {
  let shown = false;
  for (const [field, messages] of Object.entries(apiErrorOf(error)?.fieldErrors ?? {})) {
    const message = messages[0];
    if (!message || (fields && !fields.includes(field as Path<Form>))) continue;
    form.setError(field as Path<Form>, { message });
    shown = true;
  }
  return shown;
}
