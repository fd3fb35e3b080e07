import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  Injectable,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  deleteMediaBodySchema,
  elmaIdInputSchema,
  mediaErrorCodes,
  mediaLimits,
  tagMediaBodySchema,
  type DeleteMediaBody,
  type MediaLocker,
  type OrganizerEventMedia,
  type OrganizerMediaItem,
} from '@fed/contracts';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { ApiException } from '../common/api-exception.filter';
import { Authenticate, Caller, callerOf, type Caller as SignedInCaller } from '../common/caller';
import { RateLimits, type RateLimit } from '../common/rate-limits';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { mediaVariants, type MediaVariant } from './media-links';
import { MediaService, type OutgoingMedia, type ReceivedMedia } from './media.service';

const idPipe = new ZodBodyPipe(elmaIdInputSchema);
const variantPipe = new ZodBodyPipe(z.enum(mediaVariants));

/**
 * Reads one file of the multipart body into memory, up to the largest kind's limit, after the caller's upload
 * budget; says in Russian what multer refuses.
 */
@Injectable()
export class MediaUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;
  private readonly uploads: RateLimit;

  constructor(limits: RateLimits) {
    this.uploads = limits.limit('media-uploads', { burst: 30, perMinute: 60 });
    const Multer = FileInterceptor('file', {
      limits: {
        fileSize: Math.max(mediaLimits.photoMaxBytes, mediaLimits.videoMaxBytes),
        files: 1,
        fields: 5,
        parts: 6,
        fieldSize: 10_000,
      },
    });
    this.multer = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    await this.uploads.take(`login:${callerOf(request)?.loginId ?? request.ip ?? ''}`);
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 413) {
        throw new ApiException(413, {
          code: mediaErrorCodes.fileTooLarge,
          message: `Файл больше ${Math.round(mediaLimits.videoMaxBytes / 1024 / 1024)} МБ — выберите файл поменьше`,
        });
      }
      if (error instanceof HttpException && error.getStatus() === 400) {
        throw new ApiException(400, {
          code: mediaErrorCodes.fileMissing,
          message: 'Пришлите один файл в поле «file» (multipart/form-data)',
        });
      }
      throw error;
    }
  }
}

/** `Content-Disposition` with a plain ASCII fallback and the real name in UTF-8 (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function send(response: Response, file: OutgoingMedia): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', file.contentType);
  response.setHeader(
    'Content-Disposition',
    disposition(file.attachment ? 'attachment' : 'inline', file.fileName),
  );
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Security-Policy', "default-src 'none'; media-src 'self'");
  // Signed for one login: no shared cache may keep it, and the browser only while the link lives.
  response.setHeader('Cache-Control', `private, max-age=${file.maxAge}`);
  if (file.contentLength !== null) response.setHeader('Content-Length', String(file.contentLength));
  try {
    await pipeline(file.body instanceof Readable ? file.body : Readable.from(file.body), response);
  } catch {
    // The platform or the client went away mid-file: nothing more can be said on this response.
    response.destroy();
  }
}

/**
 * `/api/media` (contract: `mediaPaths` of `@fed/contracts`, docs/media.md): the organizer's media of its
 * events, the athlete's locker, and the files behind signed links.
 */
@Controller('api/media')
export class MediaController {
  private readonly downloads: RateLimit;

  constructor(
    private readonly media: MediaService,
    limits: RateLimits,
  ) {
    this.downloads = limits.limit('media-files', { burst: 120, perMinute: 600 });
  }

  @Get('events/:competitionId')
  @Authenticate('required')
  event(
    @Caller() caller: SignedInCaller,
    @Param('competitionId', idPipe) competitionId: string,
  ): Promise<OrganizerEventMedia> {
    return this.media.organizerEvent(caller, competitionId);
  }

  @Post('events/:competitionId/files')
  @HttpCode(201)
  @Authenticate('required', 'Войдите, чтобы загрузить файл')
  @UseInterceptors(MediaUploadInterceptor)
  upload(
    @Caller() caller: SignedInCaller,
    @Param('competitionId', idPipe) competitionId: string,
    @UploadedFile() file: ReceivedMedia | undefined,
  ): Promise<OrganizerMediaItem> {
    return this.media.upload(caller, competitionId, file);
  }

  @Post('events/:competitionId/tags')
  @HttpCode(200)
  @Authenticate('required')
  tag(
    @Caller() caller: SignedInCaller,
    @Param('competitionId', idPipe) competitionId: string,
    @Body(new ZodBodyPipe(tagMediaBodySchema)) body: z.output<typeof tagMediaBodySchema>,
  ): Promise<OrganizerEventMedia> {
    return this.media.tag(caller, competitionId, body);
  }

  @Post('events/:competitionId/delete')
  @HttpCode(200)
  @Authenticate('required')
  remove(
    @Caller() caller: SignedInCaller,
    @Param('competitionId', idPipe) competitionId: string,
    @Body(new ZodBodyPipe(deleteMediaBodySchema)) body: DeleteMediaBody,
  ): Promise<OrganizerEventMedia> {
    return this.media.remove(caller, competitionId, body);
  }

  @Get('lockers/:competitionId/:sportsmanId')
  @Authenticate('required')
  async locker(
    @Caller() caller: SignedInCaller,
    @Param('competitionId', idPipe) competitionId: string,
    @Param('sportsmanId', idPipe) sportsmanId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MediaLocker> {
    response.setHeader('Cache-Control', 'private, no-store');
    return this.media.locker(caller, competitionId, sportsmanId);
  }

  /** A file behind a signed link: no token (an `<img>` sends none), the link is the proof. */
  @Get('files/:mediaId/:variant')
  async file(
    @Param('mediaId', idPipe) mediaId: string,
    @Param('variant', variantPipe) variant: MediaVariant,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.downloads.takeFor(request);
    await send(response, await this.media.file(mediaId, variant, query));
  }

  @Get('zip/:competitionId/:sportsmanId')
  async zip(
    @Param('competitionId', idPipe) competitionId: string,
    @Param('sportsmanId', idPipe) sportsmanId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.downloads.takeFor(request);
    await send(response, await this.media.zip(competitionId, sportsmanId, query));
  }
}
