import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Authenticate } from '../common/caller';
import { clientKeyOf } from '../common/rate-limits';
import { ImagesService } from './images.service';

const PREFIX = '/api/img/';

/** `GET /api/img/{modifiers}/{source…}`: resized images (spec §7 "resizing proxy path"). */
@Controller('api/img')
// Images are public; a request that does carry a token must carry a live one (like every other route).
@Authenticate('optional')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Get('*path')
  async image(@Req() request: Request, @Res() response: Response): Promise<void> {
    const path = request.originalUrl.split('?')[0] ?? '';
    const rawPath = path.slice(path.indexOf(PREFIX) + PREFIX.length);
    const ifNoneMatch = request.headers['if-none-match'];
    const answer = await this.images.serve(rawPath, ifNoneMatch, clientKeyOf(request));
    response.setHeader('ETag', answer.etag);
    response.setHeader('Cache-Control', answer.cacheControl);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (answer.kind === 'not-modified') {
      response.status(304).end();
      return;
    }
    response.status(200);
    response.setHeader('Content-Type', answer.contentType);
    response.setHeader('Content-Security-Policy', "default-src 'none'");
    response.end(request.method === 'HEAD' ? undefined : answer.body);
  }
}
