import { z } from 'zod';
import { documentMimeTypes, posterMimeTypes } from './platform/competition-catalog';
import { elmaIdSchema } from './platform/elma-formats';

/**
 * `POST /api/files?purpose=poster|document` (signed in, multipart field `file`): the api checks the file's
 * real type by its first bytes and its size, stores it on the platform's disk and answers {@link UploadedFile};
 * the `fileId` goes into `createCompetition.poster` or `submitCompetitionDocument.fileId`.
 * `GET /api/files/{fileId}` serves a stored file.
 */
export const FILES_ENDPOINT = '/api/files';

export const uploadPurposes = ['poster', 'document'] as const;
export const uploadPurposeSchema = z.enum(uploadPurposes);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** Every type an upload may have. */
export const uploadMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type UploadMimeType = (typeof uploadMimeTypes)[number];

/** File types each purpose accepts (decided by the file's content, never by its name or declared type). */
export const uploadMimeTypesByPurpose: Record<UploadPurpose, readonly UploadMimeType[]> = {
  poster: posterMimeTypes,
  document: documentMimeTypes,
};

export const uploadedFileSchema = z.object({
  /** The platform disk file id. */
  fileId: elmaIdSchema,
  /** The file name as stored (cleaned; its extension matches `type`). */
  name: z.string().min(1),
  type: z.enum(uploadMimeTypes),
  /** Bytes. */
  size: z.number().int().min(1),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** `code` of an `ApiError` refusing an upload. */
export const uploadErrorCodes = {
  /** 400: the content is not one of the purpose's types. */
  fileFormat: 'file_format',
  /** 413: larger than `UPLOAD_MAX_BYTES`. */
  fileTooLarge: 'file_too_large',
  /** 400: no `file` field, an empty file, or more than one file. */
  fileMissing: 'file_missing',
  /** 400: `purpose` missing or unknown. */
  purpose: 'upload_purpose',
} as const;
