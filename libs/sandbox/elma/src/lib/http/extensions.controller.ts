import { All, Body, Controller, HttpCode, Param, Query, Req, UseFilters, UseGuards } from '@nestjs/common';
import { USER_ID_HEADER } from '@fed/contracts';
import type { Request } from 'express';
import { ElmaError } from '../core/elma-error';
import { PlatformFaults } from '../core/faults';
import { ScriptsService } from '../services/scripts.service';
import { ElmaExceptionFilter } from './elma-exception.filter';
import { ElmaTokenGuard } from './elma-token.guard';

/**
 * Module API methods: `/api/extensions/{module-uuid}/script/{name}`. GET (or any method) may pass the input as
 * a JSON-encoded `data` query parameter; POST passes it as the JSON body. The answer is what the script returns.
 * The `userId` header (the portal's active user, spec §7) reaches the scripts that act for that user.
 */
@Controller('sandbox/elma/api/extensions')
@UseGuards(ElmaTokenGuard)
@UseFilters(ElmaExceptionFilter)
export class ExtensionsController {
  constructor(
    private readonly scripts: ScriptsService,
    private readonly faults: PlatformFaults,
  ) {}

  @All(':moduleId/script/:name')
  @HttpCode(200)
  async run(
    @Param('moduleId') moduleId: string,
    @Param('name') name: string,
    @Query('data') data: unknown,
    @Body() body: unknown,
    @Req() request: Request,
  ): Promise<unknown> {
    // The test switch first: a platform that is down or failing answers nothing about the input either.
    await this.faults.meet(name, request);
    let input: unknown = request.method === 'GET' || request.method === 'HEAD' ? {} : body;
    if (typeof data === 'string') {
      try {
        input = JSON.parse(data) as unknown;
      } catch {
        throw ElmaError.badRequest('data: not valid JSON');
      }
    } else if (data !== undefined) {
      throw ElmaError.badRequest('data: pass one JSON-encoded value');
    }
    const userId = request.header(USER_ID_HEADER)?.trim();
    return this.scripts.run(moduleId, name, input, userId ? { userId } : {});
  }
}
