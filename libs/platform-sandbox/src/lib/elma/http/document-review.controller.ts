import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { competitionDocumentReviewInputSchema, type CompetitionDocument } from '@fed/contracts';
import { describeIssues, ElmaError } from '../core/elma-error';
import { CompetitionsService } from '../services/competitions.service';
import { ElmaExceptionFilter } from './elma-exception.filter';

/**
 * The federation's review of competition documents. On the real platform an employee decides in the
 * platform's own interface; the twin has no interface, so tests and demos decide here. Like the SMS outbox
 * it exists only in sandbox mode and asks for no token (the demo has no secrets).
 */
@Controller('sandbox/elma/competition-documents')
@UseFilters(ElmaExceptionFilter)
export class DocumentReviewController {
  constructor(private readonly competitions: CompetitionsService) {}

  @Post(':id/review')
  @HttpCode(200)
  review(@Param('id') id: string, @Body() body: unknown): { success: true; data: CompetitionDocument } {
    const parsed = competitionDocumentReviewInputSchema.safeParse(body ?? {});
    if (!parsed.success) throw ElmaError.badRequest(`invalid body: ${describeIssues(parsed.error.issues)}`);
    return { success: true, data: this.competitions.reviewDocument(id, parsed.data) };
  }
}
