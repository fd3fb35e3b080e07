import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UploadedFile } from '@nestjs/common';
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
import { Readable } from 'node:stream';
import { z } from 'zod';
import { Authenticate, Caller, callerOf, type Caller as SignedInCaller } from '../common/caller';
import { FileUploadRoute, OneFileUpload, sendFile } from '../common/file-transfer';
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
const MediaUpload = OneFileUpload({
  inject: [RateLimits],
  useFactory: (limits: RateLimits) => {
    const uploads = limits.limit('media-uploads', { burst: 30, perMinute: 60 });
    return {
      fileSize: Math.max(mediaLimits.photoMaxBytes, mediaLimits.videoMaxBytes),
      fields: 5,
      parts: 6,
      codes: mediaErrorCodes,
      tooLargeMessage: `Файл больше ${Math.round(mediaLimits.videoMaxBytes / 1024 / 1024)} МБ — выберите файл поменьше`,
      before: async (request) => {
        await uploads.take(`login:${callerOf(request)?.loginId ?? request.ip ?? ''}`);
      },
    };
  },
});

async function send(response: Response, file: OutgoingMedia): Promise<void> {
  response.setHeader('Content-Security-Policy', "default-src 'none'; media-src 'self'");
  // Signed for one login: no shared cache may keep it, and the browser only while the link lives.
  response.setHeader('Cache-Control', `private, max-age=${file.maxAge}`);
  await sendFile(response, {
    ...file,
    body: file.body instanceof Readable ? file.body : Readable.from(file.body),
  });
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

  @FileUploadRoute('events/:competitionId/files', MediaUpload)
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
