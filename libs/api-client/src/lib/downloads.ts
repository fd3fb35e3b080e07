import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { apiPath } from './api-path';
import { callApi } from './portal-client';

/** A file the api sent: its bytes and the name it gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * The name a `Content-Disposition` gives: the UTF-8 one (`filename*`, RFC 5987) when there is one, else the plain
 * `filename`, else `fallback`.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (disposition) {
    const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
    if (encoded) {
      try {
        return decodeURIComponent(encoded.trim());
      } catch {
        // A malformed escape: the plain name below will do.
      }
    }
    const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
    const name = (plain?.[1] ?? plain?.[2])?.trim();
    if (name) return name;
  }
  return fallback;
}

/**
 * Downloads a file from the api with the session's headers, through the portal's one client (a 401 refreshes the
 * tokens and tries again, a failure is reported like any call's). A refusal keeps the api's JSON error, so
 * `messageOf(error.cause)` reads its Russian message.
 */
export function downloadFile(
  sitePath: string,
  fallbackName: string,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return callApi<DownloadedFile>(
    {
      url: apiPath(sitePath),
      responseHandler: async (response) => {
        if (!response.ok) return response.json().catch(() => null);
        return {
          blob: await response.blob(),
          fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
        };
      },
    },
    signal,
  );
}

/** The failure of a {@link downloadFile}, as RTK Query's error shape for `messageOf`. */
export function downloadErrorOf(error: unknown): FetchBaseQueryError | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  return typeof cause === 'object' && cause !== null && 'status' in cause
    ? (cause as FetchBaseQueryError)
    : undefined;
}

/** Hands a downloaded file to the browser to save under its name. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the bytes over; the URL is let go once the browser has started the save.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
