import { Body, Controller, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CLIENT_LOG_ENDPOINT, clientLogRecordSchema } from '@fed/contracts';
import type { z } from 'zod';
import { Authenticate, MaybeCaller, type Caller } from '../common/caller';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { ClientLogIntakeGuard, ClientLogService } from './client-log.service';

/** `POST /log {timestamp, msg}`: the portal reports a failed call (spec §8). Answers 204. */
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
    this.clientLog.record(record, { loginId: caller?.loginId, requestId });
  }
}
