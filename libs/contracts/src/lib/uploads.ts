import { z } from 'zod';
import { documentMimeTypes, posterMimeTypes, UPLOAD_MAX_BYTES } from './platform/competition-catalog';
import { elmaIdSchema } from './platform/elma-formats';

/**
 * `POST /api/files?purpose=poster|document|photo|logo` (signed in, multipart field `file`): the api checks the
 * file's real type by its first bytes and its size, stores it on the platform's disk and answers
 * {@link UploadedFile}; the `fileId` goes into `createCompetition.poster`, `submitCompetitionDocument.fileId`,
 * or the update contexts' `photo` (an athlete) and `logo` (an organization).
 * `GET /api/files/{fileId}` serves a stored file.
 */
export const FILES_ENDPOINT = '/api/files';

export const uploadPurposes = ['poster', 'document', 'photo', 'logo'] as const;
export const uploadPurposeSchema = z.enum(uploadPurposes);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** A person's photo or an organization's logo: a picture the browser shows as it is. */
export const profileImageMimeTypes = posterMimeTypes;

/** Every type an upload may have. */
export const uploadMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type UploadMimeType = (typeof uploadMimeTypes)[number];

/** File types each purpose accepts (decided by the file's content, never by its name or declared type). */
export const uploadMimeTypesByPurpose: Record<UploadPurpose, readonly UploadMimeType[]> = {
  poster: posterMimeTypes,
  document: documentMimeTypes,
  photo: profileImageMimeTypes,
  logo: profileImageMimeTypes,
};

/** The largest file of each purpose, in bytes: a photo or logo is shown small, so it need not be large. */
export const uploadMaxBytesByPurpose: Record<UploadPurpose, number> = {
  poster: UPLOAD_MAX_BYTES,
  document: UPLOAD_MAX_BYTES,
  photo: 5 * 1024 * 1024,
  logo: 2 * 1024 * 1024,
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
  /** 413: larger than `UPLOAD_MAX_BYTES` or the purpose's limit (`uploadMaxBytesByPurpose`). */
  fileTooLarge: 'file_too_large',
  /** 400: no `file` field, an empty file, or more than one file. */
  fileMissing: 'file_missing',
  /** 400: `purpose` missing or unknown. */
  purpose: 'upload_purpose',
} as const;
