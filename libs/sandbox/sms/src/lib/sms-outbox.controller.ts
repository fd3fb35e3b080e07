import { BadRequestException, Controller, Get, NotFoundException, Query } from '@nestjs/common';
import { SmsOutboxService, type OutboxEntry } from './sms-outbox.service';

/** Reading the sandbox outbox: what was "sent" to a number, for demos and e2e tests. */
@Controller('sandbox/sms')
export class SmsOutboxController {
  constructor(private readonly outbox: SmsOutboxService) {}

  /** `GET /sandbox/sms?phone=+79001234567[&limit=50]`: messages to the number, newest first. */
  @Get()
  list(
    @Query('phone') phone: string | undefined,
    @Query('limit') limit: string | undefined,
  ): { phone: string; messages: OutboxEntry[] } {
    const wanted = requirePhone(phone);
    return { phone: wanted, messages: this.outbox.list(wanted, limit ? Number(limit) : undefined) };
  }

  /** `GET /sandbox/sms/latest?phone=+79001234567`: the newest message to the number, 404 when there is none. */
  @Get('latest')
  latest(@Query('phone') phone: string | undefined): OutboxEntry {
    const message = this.outbox.latest(requirePhone(phone));
    if (!message) throw new NotFoundException('No SMS was sent to this number');
    return message;
  }
}

function requirePhone(phone: string | undefined): string {
  // A `+` in an unencoded query string arrives as a space.
  const value = phone?.trim();
  if (!value) throw new BadRequestException('phone is required, e.g. ?phone=%2B79001234567');
  return value.startsWith('+') ? value : `+${value}`;
}
