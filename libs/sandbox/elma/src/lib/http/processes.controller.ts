import { Body, Controller, HttpCode, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
import { elmaContextBodySchema, type ElmaRunProcessAnswer } from '@fed/contracts';
import { describeIssues, ElmaError } from '../core/elma-error';
import { ProcessesService } from '../services/processes.service';
import { ElmaExceptionFilter } from './elma-exception.filter';
import { ElmaTokenGuard } from './elma-token.guard';

/** `/pub/v1/bpm/template/{namespace}/{code}/run`: starts a business process with its context. */
@Controller('sandbox/elma/pub/v1/bpm/template')
@UseGuards(ElmaTokenGuard)
@UseFilters(ElmaExceptionFilter)
export class ProcessesController {
  constructor(private readonly processes: ProcessesService) {}

  @Post(':ns/:code/run')
  @HttpCode(200)
  run(@Param('ns') ns: string, @Param('code') code: string, @Body() body: unknown): ElmaRunProcessAnswer {
    if (!ProcessesService.knows(ns, code))
      throw ElmaError.notFound(`process template ${ns}.${code} not found`);
    const parsed = elmaContextBodySchema.safeParse(body);
    if (!parsed.success) throw ElmaError.badRequest(`invalid body: ${describeIssues(parsed.error.issues)}`);
    const result = this.processes.run(code, parsed.data.context);
    return {
      success: true,
      error: '',
      context: {
        ...result.context,
        __id: result.processId,
        recordId: result.recordId,
        written: result.written,
      },
    };
  }
}
