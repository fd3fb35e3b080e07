import { apiErrorOf, isAbortError, uploadWithProgress, UploadNetworkError } from '@fed/api-client';
import {
  mediaLimits,
  mediaPaths,
  mediaPhotoMimeTypes,
  mediaVideoMimeTypes,
  type OrganizerMediaItem,
} from '@fed/contracts';

/** Every type the api takes (decided there by the file's bytes; here by its declared type, to warn early). */
export const MEDIA_ACCEPT = [...mediaPhotoMimeTypes, ...mediaVideoMimeTypes].join(',');

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** What the api would refuse at once, said before the upload starts; `null` when the file may go. */
export function mediaFileProblem(file: File): string | null {
  if (file.size === 0) return 'Файл пустой — выберите другой';
  const photo = (mediaPhotoMimeTypes as readonly string[]).includes(file.type);
  const video = (mediaVideoMimeTypes as readonly string[]).includes(file.type);
  // An unknown declared type goes to the api, which reads the bytes: the browser's guess is not the last word.
  if (photo && file.size > mediaLimits.photoMaxBytes) {
    return `Фото больше ${mb(mediaLimits.photoMaxBytes)} МБ — выберите файл поменьше`;
  }
  if ((video || !photo) && file.size > mediaLimits.videoMaxBytes) {
    return `Файл больше ${mb(mediaLimits.videoMaxBytes)} МБ — выберите файл поменьше`;
  }
  return null;
}

export class UploadFailure extends Error {
  constructor(
    message: string,
    /** A refusal that the same file will get again (its type, its size): no point retrying. */
    readonly final: boolean,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

/**
 * Uploads one photo or video of an event with its progress, through the client's upload (its headers, its one
 * refresh of an expired token, its failure reports).
 */
export async function uploadMedia(
  competitionId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<OrganizerMediaItem> {
  const answer = await uploadWithProgress(mediaPaths.upload(competitionId), file, onProgress, signal).catch(
    (error: unknown) => {
      if (isAbortError(error)) throw new UploadFailure('Загрузка отменена', false);
      if (error instanceof UploadNetworkError) {
        throw new UploadFailure('Нет связи с сервером: повторите загрузку', false);
      }
      throw error;
    },
  );
  if (answer.status >= 200 && answer.status < 300) return answer.body as OrganizerMediaItem;
  const error = apiErrorOf({ status: answer.status, data: answer.body });
  const message = error?.message ?? 'Не удалось загрузить файл: повторите';
  throw new UploadFailure(message, answer.status === 400 || answer.status === 413 || answer.status === 403);
}
