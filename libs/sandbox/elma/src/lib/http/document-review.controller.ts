import { Body, Controller, HttpCode, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
import type { CompetitionDocument } from '@fed/contracts';
import { describeIssues, ElmaError } from '../core/elma-error';
import { CompetitionsService, documentReviewSchema } from '../services/competitions.service';
import { ElmaExceptionFilter } from './elma-exception.filter';
import { ElmaTokenGuard } from './elma-token.guard';

/**
 * The federation's review of competition documents. On the real platform an employee decides in the
 * platform's own interface; the twin has no interface, so tests and demos decide here. It exists only in a
 * sandbox deployment and, being a write nobody else may make, asks for the twin's own token like the rest
 * of the platform's API (`Authorization: Bearer` or `X-Token`; 403 without it), in every `NODE_ENV`.
 */
@Controller('sandbox/elma/competition-documents')
@UseGuards(ElmaTokenGuard)
@UseFilters(ElmaExceptionFilter)
export class DocumentReviewController {
  constructor(private readonly competitions: CompetitionsService) {}

  @Post(':id/review')
  @HttpCode(200)
  review(@Param('id') id: string, @Body() body: unknown): { success: true; data: CompetitionDocument } {
    const parsed = documentReviewSchema.safeParse(body ?? {});
    if (!parsed.success) throw ElmaError.badRequest(`invalid body: ${describeIssues(parsed.error.issues)}`);
    return { success: true, data: this.competitions.reviewDocument(id, parsed.data) };
  }
}
