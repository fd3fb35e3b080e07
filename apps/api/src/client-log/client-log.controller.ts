import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { callerOf, SoftCallerGuard, type RequestWithCaller } from '../proxy/caller';
import { ClientLogService } from './client-log.service';

/** `POST /log {timestamp, msg}`: the portal reports a failed call (spec §8). Answers 204. */
@Controller('log')
@UseGuards(SoftCallerGuard)
export class ClientLogController {
  constructor(private readonly clientLog: ClientLogService) {}

  @Post()
  @HttpCode(204)
  record(@Req() request: RequestWithCaller, @Body() body: unknown): void {
    this.clientLog.record(request, body, callerOf(request));
  }
}
