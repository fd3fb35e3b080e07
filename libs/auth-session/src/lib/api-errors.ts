import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { apiErrorSchema, type ApiError } from '@fed/contracts';

export const UNEXPECTED_ERROR = 'Произошла неожиданная ошибка';

/** The api's JSON error inside an RTK Query failure, when there is one. */
export function apiErrorOf(error: FetchBaseQueryError | SerializedError | undefined): ApiError | null {
  if (!error || !('status' in error) || typeof error.status !== 'number') return null;
  const parsed = apiErrorSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/** A message a person can read: the api's Russian message, else the spec's generic one. */
export function messageOf(error: FetchBaseQueryError | SerializedError | undefined): string {
  const apiError = apiErrorOf(error);
  if (apiError && /[А-Яа-яЁё]/.test(apiError.message)) return apiError.message;
  if (error && 'status' in error && error.status === 'FETCH_ERROR')
    return 'Нет связи с сервером. Проверьте подключение';
  return UNEXPECTED_ERROR;
}
