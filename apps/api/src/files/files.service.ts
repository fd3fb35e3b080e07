import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  UPLOAD_MAX_BYTES,
  uploadErrorCodes,
  uploadMimeTypes,
  uploadMaxBytesByPurpose,
  uploadMimeTypesByPurpose,
  type UploadedFile,
  type UploadMimeType,
  type UploadPurpose,
} from '@fed/contracts';
import { Readable } from 'node:stream';
import { ApiException } from '../common/api-exception.filter';
import { PlatformClient, PlatformError, type PlatformClientOptionsSource } from '../platform/platform-client';
import type { RateLimitOptions } from '../common/rate-limits';
import { detectFileType, SIGNATURE_BYTES, storedFileName } from './file-signature';

export interface FilesModuleOptions {
  /** The platform whose disk keeps the files (or a factory, when its URL is known only at start-up). */
  platform: PlatformClientOptionsSource;
  /** Platform disk directory uploads go to. Default `portal-uploads`. */
  directory?: string;
  /** Largest upload in bytes. Default `UPLOAD_MAX_BYTES` of the contracts (10 MiB). */
  maxBytes?: number;
  /** Uploads per login. Default a burst of 10, then 30 a minute. */
  uploadRateLimit?: RateLimitOptions;
  /** Downloads per client IP. Default a burst of 60, then 300 a minute. */
  downloadRateLimit?: RateLimitOptions;
}

export const FILES_OPTIONS = Symbol('FILES_OPTIONS');

/** What multer hands over for the uploaded part (memory storage). */
export interface ReceivedFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** A platform file ready to be sent: its checked type, a safe name and the bytes as a stream. */
export interface OutgoingFile {
  /** One of the upload types when the bytes say so; else `application/octet-stream`. */
  contentType: string;
  /** Whether a browser may show it in place (an image or PDF whose bytes prove its type). */
  inline: boolean;
  fileName: string;
  contentLength: number | null;
  body: Readable;
}

/** `1 МБ`, `512 КБ`: a limit as people read it. */
export function sizeText(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Math.round(mib * 10) / 10} МБ`.replace('.', ',') : `${Math.ceil(bytes / 1024)} КБ`;
}

export function fileFormatError(): ApiException {
  return new ApiException(400, { code: uploadErrorCodes.fileFormat, message: 'Неверный формат файла' });
}

export function fileNotFound(): ApiException {
  return new ApiException(404, { code: 'not_found', message: 'Файл не найден' });
}

/** The client's own answer for a platform failure: 429 with `Retry-After`, 504, or 502. */
function gatewayErrorOf(error: unknown, reason: string): unknown {
  return error instanceof PlatformError ? error.toApiException(reason) : error;
}

/** The file name the platform's download announced (`filename*=UTF-8''…` or `filename="…"`), if any. */
function announcedName(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      return null;
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/**
 * Uploads and downloads of platform disk files for the portal: the type is decided by the file's first bytes,
 * the size by the module's limit, and the platform is reached with the server's own token only.
 */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');
  private readonly directory: string;
  private readonly maxBytes: number;

  constructor(
    private readonly platform: PlatformClient,
    @Inject(FILES_OPTIONS) options: FilesModuleOptions,
  ) {
    this.directory = options.directory ?? 'portal-uploads';
    this.maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  }

  async upload(purpose: UploadPurpose, file: ReceivedFile | undefined): Promise<UploadedFile> {
    if (!file || file.size === 0) {
      throw new ApiException(400, {
        code: uploadErrorCodes.fileMissing,
        message: 'Выберите файл: он не пришёл или пустой',
      });
    }
    const limit = Math.min(this.maxBytes, uploadMaxBytesByPurpose[purpose]);
    if (file.size > limit) {
      throw new ApiException(413, {
        code: uploadErrorCodes.fileTooLarge,
        message: `Файл больше ${sizeText(limit)} — выберите файл поменьше`,
      });
    }
    const type = detectFileType(file.buffer.subarray(0, SIGNATURE_BYTES));
    if (type === null || !uploadMimeTypesByPurpose[purpose].includes(type)) throw fileFormatError();
    // busboy reads part headers as latin1; browsers send the name's UTF-8 bytes.
    const name = storedFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'), type);
    try {
      const stored = await this.platform.uploadFile(this.directory, { name, type, body: file.buffer });
      this.logger.log(`stored ${purpose} ${stored.__id} (${type}, ${file.size} bytes)`);
      return { fileId: stored.__id, name: stored.__name || name, type, size: file.size };
    } catch (error) {
      throw gatewayErrorOf(error, 'файл не сохранён');
    }
  }

  async open(id: string): Promise<OutgoingFile> {
    let file: Awaited<ReturnType<PlatformClient['openFile']>>;
    try {
      file = await this.platform.openFile(id);
    } catch (error) {
      throw gatewayErrorOf(error, 'файл не получен');
    }
    if (file === null) throw fileNotFound();
    const reader = file.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let headLength = 0;
    let done = false;
    try {
      while (headLength < SIGNATURE_BYTES && !done) {
        const chunk = await reader.next();
        done = chunk.done === true;
        if (chunk.value) {
          head.push(chunk.value);
          headLength += chunk.value.length;
        }
      }
    } catch {
      throw new PlatformError('network', 'disk file').toApiException('файл не получен');
    }
    const type = detectFileType(Buffer.concat(head));
    const known: UploadMimeType | null = type && uploadMimeTypes.includes(type) ? type : null;
    const announced = announcedName(file.contentDisposition);
    async function* bytes() {
      yield* head;
      while (!done) {
        const chunk = await reader.next();
        done = chunk.done === true;
        if (chunk.value) yield chunk.value;
      }
    }
    return {
      contentType: known ?? 'application/octet-stream',
      inline: known !== null,
      fileName: known ? storedFileName(announced ?? `file-${id}`, known) : 'file',
      contentLength: file.contentLength,
      body: Readable.from(bytes(), { objectMode: false }),
    };
  }
}
