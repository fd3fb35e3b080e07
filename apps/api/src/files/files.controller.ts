import { Controller, Get, Inject, Param, Query, Req, Res, UploadedFile } from '@nestjs/common';
import {
  UPLOAD_MAX_BYTES,
  uploadErrorCodes,
  uploadPurposes,
  uploadPurposeSchema,
  type UploadedFile as UploadedFileAnswer,
  type UploadPurpose,
} from '@fed/contracts';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception.filter';
import { FileUploadRoute, OneFileUpload, sendFile } from '../common/file-transfer';
import { Authenticate, callerOf } from '../common/caller';
import { clientKeyOf, RateLimits, type RateLimit } from '../common/rate-limits';
import {
  fileNotFound,
  FILES_OPTIONS,
  FilesService,
  sizeText,
  type FilesModuleOptions,
  type ReceivedFile,
} from './files.service';

function purposeOf(request: Request): UploadPurpose {
  const parsed = uploadPurposeSchema.safeParse(request.query['purpose']);
  if (!parsed.success) {
    throw new ApiException(400, {
      code: uploadErrorCodes.purpose,
      message: `Укажите назначение файла: purpose=${uploadPurposes.join(', ')}`,
    });
  }
  return parsed.data;
}

/**
 * Reads the multipart body (one file in the field `file`, held in memory up to the limit) after the
 * purpose and the caller's upload budget are checked, and says in Russian what multer refuses: a file past
 * the limit is a 413, anything else malformed a 400.
 */
const Upload = OneFileUpload({
  inject: [FILES_OPTIONS, RateLimits],
  useFactory: (options: FilesModuleOptions, limits: RateLimits) => {
    const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
    const uploads = limits.limit('uploads', options.uploadRateLimit ?? { burst: 10, perMinute: 30 });
    return {
      fileSize: maxBytes,
      fields: 10,
      parts: 11,
      codes: uploadErrorCodes,
      tooLargeMessage: `Файл больше ${sizeText(maxBytes)} — выберите файл поменьше`,
      before: async (request) => {
        purposeOf(request);
        await uploads.take(`login:${callerOf(request)?.loginId ?? clientKeyOf(request)}`);
      },
    };
  },
});

const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `POST /api/files?purpose=poster|document|photo|logo` (signed in, multipart field `file`) stores a file on the
 * platform's disk; `GET /api/files/{id}` serves one. See docs/gateway.md.
 */
@Controller('api/files')
@Authenticate('optional')
export class FilesController {
  private readonly downloads: RateLimit;

  constructor(
    private readonly files: FilesService,
    @Inject(FILES_OPTIONS) options: FilesModuleOptions,
    limits: RateLimits,
  ) {
    this.downloads = limits.limit('downloads', options.downloadRateLimit ?? { burst: 60, perMinute: 300 });
  }

  @FileUploadRoute(undefined, Upload)
  upload(
    @Query('purpose') purpose: string,
    @UploadedFile() file: ReceivedFile | undefined,
  ): Promise<UploadedFileAnswer> {
    return this.files.upload(purpose as UploadPurpose, file);
  }

  @Get(':id')
  async download(@Param('id') id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    if (!FILE_ID.test(id)) throw fileNotFound();
    await this.downloads.takeFor(request);
    const file = await this.files.open(id);
    response.setHeader('Cache-Control', 'private, max-age=3600');
    // An image needs nothing; a PDF is shown by the browser's own viewer, which a page CSP (object-src 'none',
    // sandbox) can blank out. Neither can run as a page of ours: the bytes proved the type, and nosniff holds it.
    if (file.contentType === 'application/pdf') response.removeHeader('Content-Security-Policy');
    else response.setHeader('Content-Security-Policy', "default-src 'none'");
    await sendFile(response, {
      contentType: file.contentType,
      fileName: file.fileName,
      attachment: !file.inline,
      contentLength: file.contentLength,
      body: file.body,
    });
  }
}
