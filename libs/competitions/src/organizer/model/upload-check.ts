import { UPLOAD_MAX_BYTES } from '@fed/contracts';
import { validate } from '@fed/validation';

/** The api's upload limit in whole megabytes, for hints. */
export const UPLOAD_LIMIT_MB = Math.round(UPLOAD_MAX_BYTES / (1024 * 1024));

/** Too big for the api: said before the upload, so nobody waits for a refusal. */
export const fileTooLargeMessage = `Файл больше ${UPLOAD_LIMIT_MB} МБ — выберите файл поменьше`;
export const emptyFileMessage = 'Файл пустой — выберите другой';

/**
 * Why a chosen file cannot be uploaded, or null: its type first (the catalogue's `fileFormat` rule,
 * 'Неверный формат файла'), then its size, the same limits the api applies.
 */
export function uploadProblem(file: File, formats: readonly string[]): string | null {
  const format = validate('fileFormat', file, { formats });
  if (format !== null) return format;
  if (file.size > UPLOAD_MAX_BYTES) return fileTooLargeMessage;
  if (file.size === 0) return emptyFileMessage;
  return null;
}
