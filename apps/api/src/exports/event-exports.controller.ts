import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { elmaIdInputSchema, exportErrorCodes, exportFormats, type ExportFormat } from '@fed/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { ApiException } from '../common/api-exception.filter';
import { Authenticate, Caller, type Caller as SignedInCaller } from '../common/caller';
import { fieldErrorsOf } from '../common/field-errors';
import { sendFile } from '../common/file-transfer';
import { RateLimits, type RateLimit } from '../common/rate-limits';
import { EventExportsService } from './event-exports.service';

const querySchema = z.object({
  format: z.enum(exportFormats, { error: 'Укажите формат: xlsx или csv' }),
});

/** The event's id and the format, or a Russian 400 naming what is wrong (never a 500 for a bad address). */
function parsed(competitionId: string, query: unknown): { competitionId: string; format: ExportFormat } {
  const id = elmaIdInputSchema.safeParse(competitionId);
  if (!id.success) {
    throw new ApiException(400, {
      code: exportErrorCodes.badId,
      message: 'Неверный идентификатор мероприятия',
      fieldErrors: { competitionId: ['Неверный идентификатор'] },
    });
  }
  const checked = querySchema.safeParse(query);
  if (!checked.success) {
    throw new ApiException(400, {
      code: exportErrorCodes.format,
      message: 'Неизвестный формат выгрузки: укажите format=xlsx или format=csv',
      fieldErrors: fieldErrorsOf(checked.error),
    });
  }
  return { competitionId: id.data, format: checked.data.format };
}

/** `/api/exports` (contract: `exportsPaths` of `@fed/contracts`, docs/exports.md). */
@Controller('api/exports')
export class EventExportsController {
  /** Each export reads every request, athlete and club of the event from the platform: counted per login. */
  private readonly limit: RateLimit;

  constructor(
    private readonly exports: EventExportsService,
    limits: RateLimits,
  ) {
    this.limit = limits.limit('exports', { burst: 20, perMinute: 60 });
  }

  /** An event's applications as XLSX or CSV: its organizer and the federation only. */
  @Get('events/:competitionId/applications')
  @Authenticate('required', 'Войдите, чтобы выгрузить заявки')
  async eventApplications(
    @Caller() caller: SignedInCaller,
    @Param('competitionId') competitionId: string,
    @Query() query: Record<string, unknown>,
    @Res() response: Response,
  ): Promise<void> {
    const input = parsed(competitionId, query);
    await this.limit.take(`login:${caller.loginId}`);
    const file = await this.exports.export(caller, input.competitionId, input.format);
    // Personal data of the caller's view: no cache may keep it.
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('Content-Security-Policy', "default-src 'none'");
    await sendFile(response, file);
  }
}
