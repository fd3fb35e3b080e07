import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  Headers,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Query,
} from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MAIL_TWIN_OPTIONS, type MailTwinOptions } from './mail-twin.options';
import { MailTwinService } from './mail-twin.service';
import type { StoredMail } from './mailbox.store';

function requireAddress(to: string | undefined): string {
  const value = to?.trim();
  if (!value || !value.includes('@'))
    throw new BadRequestException('to is required, e.g. ?to=name@example.ru');
  return value.toLowerCase();
}

/**
 * Reading the sandbox mailbox, as the SMS outbox is read: what was "sent" to an address, for demos and e2e
 * tests. Anyone may read it (a sandbox's data is the demo federation's): it exists only in a sandbox.
 */
@Controller('sandbox/mail')
export class MailTwinController {
  constructor(private readonly mail: MailTwinService) {}

  /** `GET /sandbox/mail?to=name@example.ru[&limit=50]`: messages to the address, newest first. */
  @Get()
  list(
    @Query('to') to: string | undefined,
    @Query('limit') limit: string | undefined,
  ): { to: string; messages: StoredMail[] } {
    const address = requireAddress(to);
    return { to: address, messages: this.mail.list(address, limit ? Number(limit) : undefined) };
  }

  /** `GET /sandbox/mail/latest?to=…`: the newest message to the address, 404 when there is none. */
  @Get('latest')
  latest(@Query('to') to: string | undefined): StoredMail {
    const message = this.mail.latest(requireAddress(to));
    if (!message) throw new NotFoundException('No mail was sent to this address');
    return message;
  }
}

const faultSchema = z.object({ calls: z.number().int().min(0).max(1000) }).strict();
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The mail server's fault switch (sandbox only): `POST {calls}` has the server refuse the next `calls`
 * messages with 451 (try later), `DELETE` takes them again, `GET` tells how many are left. Only with the
 * twin's control key (`Authorization: Bearer <key>`; 403 otherwise), as the SMS gateway's switch.
 */
@Controller('sandbox/mail/faults')
export class MailFaultsController {
  private readonly key: Buffer | null;

  constructor(
    private readonly mail: MailTwinService,
    @Inject(MAIL_TWIN_OPTIONS) options: MailTwinOptions,
  ) {
    this.key =
      options.controlToken && options.controlToken.length >= 16 ? digest(options.controlToken) : null;
  }

  @Get()
  read(@Headers('authorization') authorization: string | undefined): { failing: number } {
    this.authenticate(authorization);
    return { failing: this.mail.failuresLeft };
  }

  @Post()
  @HttpCode(200)
  set(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
  ): { failing: number } {
    this.authenticate(authorization);
    const parsed = faultSchema.safeParse(body ?? {});
    if (!parsed.success) throw new BadRequestException('calls: a whole number from 0 to 1000');
    return { failing: this.mail.failNext(parsed.data.calls) };
  }

  @Delete()
  clear(@Headers('authorization') authorization: string | undefined): { failing: number } {
    this.authenticate(authorization);
    return { failing: this.mail.failNext(0) };
  }

  private authenticate(authorization: string | undefined): void {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    if (!this.key || !token || !timingSafeEqual(digest(token), this.key)) {
      throw new ForbiddenException('access denied: the fault switch needs the sandbox control key');
    }
  }
}
