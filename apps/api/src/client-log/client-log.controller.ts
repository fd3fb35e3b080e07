import { Body, Controller, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CLIENT_LOG_ENDPOINT, clientLogRecordSchema } from '@fed/contracts';
import type { z } from 'zod';
import { Authenticate, MaybeCaller, type Caller } from '../common/caller';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { ClientLogIntakeGuard, ClientLogService } from './client-log.service';

/**
 * `POST /log {timestamp, msg}`: the portal reports a failed call or an application error (spec §8). Answers 204.
 * Whose report it is comes from the verified token only (its login, and the `userId` header when it is one of
 * that login's records); a bare header, or a bad token, makes the report anonymous.
 */
@Controller(CLIENT_LOG_ENDPOINT)
@Authenticate('soft')
export class ClientLogController {
  constructor(private readonly clientLog: ClientLogService) {}

  @Post()
  @HttpCode(204)
  @UseGuards(ClientLogIntakeGuard)
  record(
    @Body(new ZodBodyPipe(clientLogRecordSchema)) record: z.output<typeof clientLogRecordSchema>,
    @MaybeCaller() caller: Caller | null,
    @Headers('x-request-id') requestId: string | undefined,
  ): void {
    this.clientLog.record(record, { loginId: caller?.loginId, userId: caller?.userId, requestId });
  }
}
