import {
  FILES_ENDPOINT,
  uploadMaxBytesByPurpose,
  uploadMimeTypesByPurpose,
  type UploadedFile,
  type UploadPurpose,
} from '@fed/contracts';
import { validate } from '@fed/validation';
import { baseApi } from './base-api';

/**
 * Uploads to `POST /api/files?purpose=…` (docs/gateway.md «Files»), shared by every library that sends a file:
 * the organizer's posters and documents, an athlete's photo, a club's logo. The browser checks a file first
 * with the api's own rules ({@link uploadProblem}), so nobody waits for a refusal it could have been told.
 */
export const uploadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    uploadFile: build.mutation<UploadedFile, { file: File; purpose: UploadPurpose }>({
      query: ({ file, purpose }) => {
        // Multipart: the base query leaves a FormData body alone, so the browser writes its boundary.
        const body = new FormData();
        body.append('file', file, file.name);
        // Relative to the base URL like every endpoint, hence without the leading slash.
        return { url: `${FILES_ENDPOINT.slice(1)}?purpose=${purpose}`, method: 'POST', body };
      },
    }),
  }),
});

export const { useUploadFileMutation } = uploadsApi;

/** The MIME types a purpose accepts, for the file dialog's `accept`. */
export const uploadTypes = (purpose: UploadPurpose) => uploadMimeTypesByPurpose[purpose];

/** A purpose's size limit in whole megabytes, for hints («до 5 МБ»). */
export const uploadLimitMb = (purpose: UploadPurpose) =>
  Math.round(uploadMaxBytesByPurpose[purpose] / (1024 * 1024));

/** Too big for the api: the api's own words for the same refusal. */
export const fileTooLargeMessage = (purpose: UploadPurpose) =>
  `Файл больше ${uploadLimitMb(purpose)} МБ — выберите файл поменьше`;
export const emptyFileMessage = 'Файл пустой — выберите другой';

/**
 * Why a chosen file cannot be uploaded for `purpose`, or null: its type first (the catalogue's `fileFormat` rule,
 * 'Неверный формат файла'), then its size — the limits the api applies to that purpose.
 */
export function uploadProblem(file: File, purpose: UploadPurpose): string | null {
  const format = validate('fileFormat', file, { formats: uploadMimeTypesByPurpose[purpose] });
  if (format !== null) return format;
  if (file.size > uploadMaxBytesByPurpose[purpose]) return fileTooLargeMessage(purpose);
  if (file.size === 0) return emptyFileMessage;
  return null;
}
