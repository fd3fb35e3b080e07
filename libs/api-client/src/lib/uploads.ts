import {
  FILES_ENDPOINT,
  uploadMaxBytesByPurpose,
  uploadMimeTypesByPurpose,
  type UploadedFile,
  type UploadPurpose,
} from '@fed/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { validate } from '@fed/validation';
import { baseApi, refreshSession, reportClientError } from './base-api';
import { buildErrorMessage } from './error-report';
import { sessionHeaders } from './session-port';

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

/** What an upload with progress got back: the answer's status and its JSON body (null when it had none). */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

/** No answer came: the connection failed before the server said anything. */
export class UploadNetworkError extends Error {
  constructor() {
    super('Network error');
    this.name = 'UploadNetworkError';
  }
}

function sendWithProgress(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The upload was aborted', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(sessionHeaders())) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    const stop = () => request.abort();
    signal?.addEventListener('abort', stop, { once: true });
    const settle = () => signal?.removeEventListener('abort', stop);
    request.onload = () => {
      settle();
      resolve({ status: request.status, body: request.response as unknown });
    };
    request.onerror = () => {
      settle();
      reject(new UploadNetworkError());
    };
    request.onabort = () => {
      settle();
      reject(aborted());
    };
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}

/**
 * Sends a file with its progress (XHR: fetch reports none for uploads), as the client makes every call: the
 * session's headers, an expired token refreshed once through the client's one refresh and the file sent again,
 * and a failure (an error status, no connection) reported to `/log` like a failed call. Answers every status;
 * rejects with `UploadNetworkError` when no answer came, and with an `AbortError` when `signal` gave up (not
 * reported: no failure).
 */
export async function uploadWithProgress(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  const args = { url, method: 'POST' };
  const report = (error: FetchBaseQueryError) => reportClientError(buildErrorMessage(error, args));
  try {
    let answer = await sendWithProgress(url, file, onProgress, signal);
    if (answer.status === 401 && (await refreshSession()) === 'refreshed') {
      answer = await sendWithProgress(url, file, onProgress, signal);
    }
    if (answer.status >= 400) report({ status: answer.status, data: answer.body });
    return answer;
  } catch (error) {
    if (error instanceof UploadNetworkError) report({ status: 'FETCH_ERROR', error: error.message });
    throw error;
  }
}
