import { HttpException, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiException } from './api-exception.filter';

/** Multer's limits for a multipart body of one file in the field `file`. */
export interface OneFileLimits {
  fileSize: number;
  fields: number;
  parts: number;
}

/** Multer reading one file of the field `file` into memory; nothing but the size, fields and parts varies. */
export function oneFileMulter(limits: OneFileLimits): NestInterceptor {
  const Multer = FileInterceptor('file', { limits: { ...limits, files: 1, fieldSize: 10_000 } });
  return new Multer();
}

/** The error codes of the api whose upload this is: each api names its own, the refusals are the same. */
export interface UploadRefusalCodes {
  fileTooLarge: string;
  fileMissing: string;
}

/**
 * Runs multer and says in Russian what it refuses: a file past the limit is a 413 (`tooLargeMessage`),
 * anything else malformed a 400.
 */
export async function readOneFile(
  multer: NestInterceptor,
  context: ExecutionContext,
  next: CallHandler,
  codes: UploadRefusalCodes,
  tooLargeMessage: string,
): Promise<Observable<unknown>> {
  try {
    return await multer.intercept(context, next);
  } catch (error) {
    if (error instanceof HttpException && error.getStatus() === 413) {
      throw new ApiException(413, { code: codes.fileTooLarge, message: tooLargeMessage });
    }
    if (error instanceof HttpException && error.getStatus() === 400) {
      throw new ApiException(400, {
        code: codes.fileMissing,
        message: 'Пришлите один файл в поле «file» (multipart/form-data)',
      });
    }
    throw error;
  }
}

/** `Content-Disposition` with a plain ASCII fallback and the real name in UTF-8 (RFC 6266). */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A file the api serves. */
export interface OutgoingFile {
  contentType: string;
  fileName: string;
  /** Offered for download rather than shown. */
  attachment: boolean;
  contentLength: number | null;
  body: Readable;
}

/**
 * Sends a file as the whole response: its type, its name, `nosniff` and its length, then its bytes. The
 * caller sets its own `Content-Security-Policy` and `Cache-Control` first.
 */
export async function sendFile(response: Response, file: OutgoingFile): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', file.contentType);
  response.setHeader(
    'Content-Disposition',
    contentDisposition(file.attachment ? 'attachment' : 'inline', file.fileName),
  );
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (file.contentLength !== null) response.setHeader('Content-Length', String(file.contentLength));
  try {
    await pipeline(file.body, response);
  } catch {
    // The platform or the client went away mid-file: nothing more can be said on this response.
    response.destroy();
  }
}
