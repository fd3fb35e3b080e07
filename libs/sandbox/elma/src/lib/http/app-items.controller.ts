import { Body, Controller, Get, HttpCode, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
import { elmaContextBodySchema, type ElmaItemAnswer, type ElmaListAnswer } from '@fed/contracts';
import { describeIssues, ElmaError } from '../core/elma-error';
import { PubAppService } from '../services/pub-app.service';
import { ElmaExceptionFilter } from './elma-exception.filter';
import { ElmaTokenGuard } from './elma-token.guard';

function contextOf(body: unknown): Record<string, unknown> {
  const parsed = elmaContextBodySchema.safeParse(body);
  if (!parsed.success) throw ElmaError.badRequest(`invalid body: ${describeIssues(parsed.error.issues)}`);
  return parsed.data.context;
}

/** `/pub/v1/app/{namespace}/{code}/...`: app items. */
@Controller('sandbox/elma/pub/v1/app')
@UseGuards(ElmaTokenGuard)
@UseFilters(ElmaExceptionFilter)
export class AppItemsController {
  constructor(private readonly service: PubAppService) {}

  @Get(':ns/:code/:id/get')
  getByGet(@Param('ns') ns: string, @Param('code') code: string, @Param('id') id: string): ElmaItemAnswer {
    return { success: true, error: '', item: this.service.get(ns, code, id) };
  }

  @Post(':ns/:code/:id/get')
  @HttpCode(200)
  getByPost(@Param('ns') ns: string, @Param('code') code: string, @Param('id') id: string): ElmaItemAnswer {
    return { success: true, error: '', item: this.service.get(ns, code, id) };
  }

  @Post(':ns/:code/list')
  @HttpCode(200)
  list(@Param('ns') ns: string, @Param('code') code: string, @Body() body: unknown): ElmaListAnswer {
    return { success: true, error: '', result: this.service.list(ns, code, body) };
  }

  @Post(':ns/:code/create')
  @HttpCode(200)
  create(@Param('ns') ns: string, @Param('code') code: string, @Body() body: unknown): ElmaItemAnswer {
    this.service.app(ns, code);
    return { success: true, error: '', item: this.service.create(ns, code, contextOf(body)) };
  }

  @Post(':ns/:code/:id/update')
  @HttpCode(200)
  update(
    @Param('ns') ns: string,
    @Param('code') code: string,
    @Param('id') id: string,
    @Body() body: unknown,
  ): ElmaItemAnswer {
    this.service.app(ns, code);
    return { success: true, error: '', item: this.service.update(ns, code, id, contextOf(body)) };
  }
}
