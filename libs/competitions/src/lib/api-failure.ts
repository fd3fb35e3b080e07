import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * Whether a read failed because the record does not exist: the platform answers 404 for an unknown id and
 * 400 for an id it cannot read, and the proxy passes both on.
 */
export function isMissingRecord(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return !!error && 'status' in error && (error.status === 404 || error.status === 400);
}
