import {
  applyDecorators,
  HttpCode,
  HttpException,
  Inject,
  mixin,
  Post,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type InjectionToken,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiException } from './api-exception.filter';
import { Authenticate } from './caller';

/** How one upload of one file in the field `file` is read: everything else is the same for every api. */
export interface OneFileUploadOptions {
  /** Multer's limits for the multipart body. */
  fileSize: number;
  fields: number;
  parts: number;
  /** The error codes of the api whose upload this is: each api names its own, the refusals are the same. */
  codes: { fileTooLarge: string; fileMissing: string };
  /** The 413's Russian message for a file past `fileSize`. */
  tooLargeMessage: string;
  /** Checked before multer reads the body (the query, the caller's upload budget); a throw refuses it unread. */
  before?: (request: Request) => Promise<void>;
}

/** The options of an upload from the providers it needs, as a factory provider's `inject` and `useFactory`. */
export interface OneFileUploadSetup<Deps extends unknown[]> {
  inject: NoInfer<{ [K in keyof Deps]: InjectionToken<Deps[K]> }>;
  useFactory: (...deps: Deps) => OneFileUploadOptions;
}

/**
 * The interceptor of an upload of one file in the field `file`, held in memory up to the limit, as Nest's own
 * `FileInterceptor` is made: a class per use (`mixin`), its constructor injecting `setup.inject`. Runs
 * `before`, then multer, and says in Russian what multer refuses: a file past the limit is a 413
 * (`tooLargeMessage`), anything else malformed a 400.
 */
export function OneFileUpload<Deps extends unknown[]>(
  setup: OneFileUploadSetup<Deps>,
): Type<NestInterceptor> {
  class OneFileUploadInterceptor implements NestInterceptor {
    private readonly options: OneFileUploadOptions;
    private readonly multer: NestInterceptor;

    constructor(...deps: unknown[]) {
      this.options = setup.useFactory(...(deps as Deps));
      const { fileSize, fields, parts } = this.options;
      const Multer = FileInterceptor('file', {
        limits: { fileSize, fields, parts, files: 1, fieldSize: 10_000 },
      });
      this.multer = new Multer();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const { codes, tooLargeMessage, before } = this.options;
      await before?.(context.switchToHttp().getRequest<Request>());
      try {
        return await this.multer.intercept(context, next);
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
  }
  setup.inject.forEach((token, index) => Inject(token)(OneFileUploadInterceptor, undefined, index));
  return mixin(OneFileUploadInterceptor);
}

/**
 * An upload route: `POST` (answered 201 with what was stored) for signed-in callers only — the guard refuses a
 * guest before the body is read — its one file read by `upload` (an {@link OneFileUpload}) into `@UploadedFile()`.
 */
export function FileUploadRoute(path: string | undefined, upload: Type<NestInterceptor>): MethodDecorator {
  return applyDecorators(
    Post(path),
    HttpCode(201),
    Authenticate('required', 'Войдите, чтобы загрузить файл'),
    UseInterceptors(upload),
  );
}

/**
 * `Content-Disposition` with a plain ASCII fallback and the real name in UTF-8 (RFC 6266, the value encoded as
 * RFC 5987 wants it: `encodeURIComponent` leaves `'`, `(`, `)` and `*` as they are, which its `attr-char` does not
 * allow). `asciiName`: a readable fallback (a transliteration), else the name with every other character `_`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string, asciiName?: string): string {
  const fallback = (asciiName ?? name).replace(/[^A-Za-z0-9._-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A file the api serves. */
export interface OutgoingFile {
  contentType: string;
  fileName: string;
  /** A readable ASCII name for clients that do not read `filename*` (default: `fileName` with `_` for the rest). */
  asciiFileName?: string;
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
    contentDisposition(file.attachment ? 'attachment' : 'inline', file.fileName, file.asciiFileName),
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
