import {
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { ElmaFileLinkAnswer, ElmaUploadAnswer } from '@fed/contracts';
import type { Request, Response } from 'express';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { FilesService, MAX_UPLOAD_BYTES } from '../services/files.service';
import { ElmaExceptionFilter } from './elma-exception.filter';
import { ElmaTokenGuard } from './elma-token.guard';
import { twinBaseUrl } from './request-base-url';

/** What multer hands over for one uploaded file (memory storage). */
interface UploadedBody {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

/** `/pub/v1/disk/...`: multipart upload into a directory and temporary download links. */
@Controller('sandbox/elma/pub/v1/disk')
@UseGuards(ElmaTokenGuard)
@UseFilters(ElmaExceptionFilter)
export class DiskController {
  constructor(
    private readonly files: FilesService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  @Post('directory/:directoryId/upload')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }))
  upload(
    @Param('directoryId') directoryId: string,
    @UploadedFile() file: UploadedBody | undefined,
  ): ElmaUploadAnswer {
    if (!file) throw ElmaError.badRequest('multipart field "file" is required');
    const saved = this.files.save({
      name: Buffer.from(file.originalname, 'latin1').toString('utf8'),
      mimeType: file.mimetype,
      body: file.buffer,
      directory: directoryId,
    });
    return { success: true, error: '', file: saved };
  }

  @Post('file/:id/get-link')
  @HttpCode(200)
  getLink(@Param('id') id: string, @Req() request: Request): ElmaFileLinkAnswer {
    return { success: true, error: '', Link: this.files.link(id, twinBaseUrl(request, this.options)) };
  }

  @Get('file/:id')
  describe(@Param('id') id: string): {
    success: true;
    error: string;
    file: ReturnType<FilesService['describe']>;
  } {
    return { success: true, error: '', file: this.files.describe(id) };
  }
}

/** Downloads by temporary link: the signature is the credential, so no token is asked. */
@Controller('sandbox/elma/files')
@UseFilters(ElmaExceptionFilter)
export class FileDownloadController {
  constructor(private readonly files: FilesService) {}

  @Get(':id')
  download(
    @Param('id') id: string,
    @Query('expires') expires: string,
    @Query('signature') signature: string,
    @Res() response: Response,
  ): void {
    const file = this.files.open(id, expires ?? '', signature ?? '');
    response.setHeader('Content-Type', file.mimeType);
    response.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    response.setHeader('Cache-Control', 'private, max-age=60');
    response.sendFile(file.path);
  }
}
