import {
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  Headers,
  HttpCode,
  Inject,
  Post,
  BadRequestException,
} from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SMS_OUTBOX_OPTIONS, type SmsOutboxOptions } from './sms-outbox.options';
import { SmsOutboxService } from './sms-outbox.service';

const faultSchema = z.object({ calls: z.number().int().min(0).max(1000) }).strict();

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The SMS gateway's fault switch (sandbox only): `POST {calls}` has the gateway refuse the next `calls`
 * messages (the outbox stores nothing, the SMS.ru endpoint answers 503), `DELETE` brings it back, `GET` tells
 * how many are left. Only with the outbox's control key (`Authorization: Bearer <key>`; 403 otherwise), so
 * that nobody else can stop codes from being sent.
 */
@Controller('sandbox/sms/faults')
export class SmsFaultsController {
  private readonly key: Buffer | null;

  constructor(
    private readonly outbox: SmsOutboxService,
    @Inject(SMS_OUTBOX_OPTIONS) options: SmsOutboxOptions,
  ) {
    this.key =
      options.controlToken && options.controlToken.length >= 16 ? digest(options.controlToken) : null;
  }

  @Get()
  read(@Headers('authorization') authorization: string | undefined): { failing: number } {
    this.authenticate(authorization);
    return { failing: this.outbox.failuresLeft };
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
    return { failing: this.outbox.failNext(parsed.data.calls) };
  }

  @Delete()
  clear(@Headers('authorization') authorization: string | undefined): { failing: number } {
    this.authenticate(authorization);
    return { failing: this.outbox.failNext(0) };
  }

  private authenticate(authorization: string | undefined): void {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    if (!this.key || !token || !timingSafeEqual(digest(token), this.key)) {
      throw new ForbiddenException('access denied: the fault switch needs the sandbox control key');
    }
  }
}
