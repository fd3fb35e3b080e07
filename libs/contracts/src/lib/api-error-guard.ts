import type { ApiError } from './api-error';

/*
 * The api error's shape checked by hand, apart from its schema: every page reads failures with it (the islands
 * of a guest's page too), and zod would be the largest part of an island's script. The guard's spec holds it to
 * `apiErrorSchema`, the shape's one definition.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Whether `value` is an `ApiError` as `apiErrorSchema` reads it. */
export function isApiError(value: unknown): value is ApiError {
  if (!isRecord(value)) return false;
  const { statusCode, code, message, fieldErrors, requestId } = value;
  if (!Number.isSafeInteger(statusCode)) return false;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  if (requestId !== undefined && typeof requestId !== 'string') return false;
  return (
    fieldErrors === undefined || (isRecord(fieldErrors) && Object.values(fieldErrors).every(isStringList))
  );
}
