import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  federation,
  noticeSettingsSchema,
  noticesQuerySchema,
  type Notice,
  type NoticeSettings,
  type NoticesList,
  type UnreadNotices,
  type UnsubscribeAnswer,
} from '@fed/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ApiException } from '../common/api-exception.filter';
import { Authenticate, Caller, type Caller as SignedInCaller } from '../common/caller';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { NoticesService } from './notices.service';

/** A notice id is the api's own uuid; anything longer cannot be one (404 like another login's). */
const noticeIdSchema = z.string().max(64);
const tokenSchema = z.string({ error: 'Нет ссылки для отписки' }).min(1, 'Нет ссылки для отписки').max(1024);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — ${federation.shortName}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/notices/settings">Настройки уведомлений</a></p></main></body></html>`;
}

/**
 * `/api/notices` (contract: `noticesPaths` of `@fed/contracts`): the caller's notices, the unread count, marking
 * read, the settings; and the e-mails' unsubscribe link, which needs no sign-in (its token is signed).
 */
@Controller('api/notices')
export class NoticesController {
  constructor(private readonly notices: NoticesService) {}

  @Get()
  @Authenticate('required')
  list(
    @Caller() caller: SignedInCaller,
    @Query(new ZodBodyPipe(noticesQuerySchema)) query: z.output<typeof noticesQuerySchema>,
  ): Promise<NoticesList> {
    return this.notices.list(caller, query);
  }

  @Get('unread')
  @Authenticate('required')
  async unread(@Caller() caller: SignedInCaller): Promise<UnreadNotices> {
    return { unread: await this.notices.unread(caller) };
  }

  @Get('settings')
  @Authenticate('required')
  settings(@Caller() caller: SignedInCaller): Promise<NoticeSettings> {
    return this.notices.settings(caller);
  }

  @Put('settings')
  @Authenticate('required')
  saveSettings(
    @Caller() caller: SignedInCaller,
    @Body(new ZodBodyPipe(noticeSettingsSchema)) body: NoticeSettings,
  ): Promise<NoticeSettings> {
    return this.notices.saveSettings(caller, body);
  }

  @Post('read-all')
  @HttpCode(200)
  @Authenticate('required')
  async readAll(@Caller() caller: SignedInCaller): Promise<{ read: number }> {
    return { read: await this.notices.markAllRead(caller) };
  }

  @Post(':noticeId/read')
  @HttpCode(200)
  @Authenticate('required')
  read(
    @Caller() caller: SignedInCaller,
    @Param('noticeId', new ZodBodyPipe(noticeIdSchema)) noticeId: string,
  ): Promise<Notice> {
    return this.notices.markRead(caller, noticeId);
  }

  /**
   * The letter's link opened in a browser: a page with one button. Opening it changes nothing (RFC 8058: mail
   * scanners open links), the button POSTs to the same address.
   */
  @Get('unsubscribe')
  unsubscribePage(@Query('token') token: unknown, @Res() response: Response): void {
    const parsed = tokenSchema.safeParse(token);
    if (!parsed.success)
      throw new ApiException(400, { code: 'invalid_token', message: 'Нет ссылки для отписки' });
    response
      .status(200)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .send(
        page(
          'Отписка от писем',
          `<form method="post" action="?token=${encodeURIComponent(parsed.data)}"><p>Больше не присылать письма этого вида?</p><button type="submit">Отписаться</button></form>`,
        ),
      );
  }

  /** RFC 8058 one-click (`List-Unsubscribe=One-Click` in the body), or the page's button. */
  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(
    @Query('token') token: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UnsubscribeAnswer | string> {
    const parsed = tokenSchema.safeParse(token);
    if (!parsed.success)
      throw new ApiException(400, { code: 'invalid_token', message: 'Нет ссылки для отписки' });
    const answer = await this.notices.unsubscribe(parsed.data);
    if (request.accepts(['json', 'html']) === 'html') {
      response.type('html');
      return page(
        'Вы отписались',
        `<p>Письма «${escapeHtml(answer.title)}» больше не придут. Уведомления на портале остаются.</p>`,
      );
    }
    return answer;
  }
}
