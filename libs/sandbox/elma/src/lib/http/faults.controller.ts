import { Body, Controller, Delete, Get, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { describeIssues, ElmaError } from '../core/elma-error';
import { platformFaultSchema, PlatformFaults, type PlatformFault } from '../core/faults';
import { ElmaExceptionFilter } from './elma-exception.filter';
import { ElmaTokenGuard } from './elma-token.guard';

/**
 * The fault switch (`PlatformFaults`): what the next calls of a module script meet. Like the rest of the twin it
 * asks for the twin's token (403 without it) and exists only in a sandbox deployment.
 */
@Controller('sandbox/elma/faults')
@UseGuards(ElmaTokenGuard)
@UseFilters(ElmaExceptionFilter)
export class FaultsController {
  constructor(private readonly faults: PlatformFaults) {}

  @Get()
  read(): { faults: readonly PlatformFault[] } {
    return { faults: this.faults.current };
  }

  /** `{script, kind: 'down' | 'slow' | 'error', calls?, delayMs?}`: the next `calls` calls of the script fail. */
  @Post()
  @HttpCode(200)
  set(@Body() body: unknown): { faults: readonly PlatformFault[] } {
    const parsed = platformFaultSchema.safeParse(body ?? {});
    if (!parsed.success) throw ElmaError.badRequest(`invalid body: ${describeIssues(parsed.error.issues)}`);
    return { faults: this.faults.set(parsed.data) };
  }

  @Delete()
  clear(): { faults: readonly PlatformFault[] } {
    return { faults: this.faults.clear() };
  }
}
