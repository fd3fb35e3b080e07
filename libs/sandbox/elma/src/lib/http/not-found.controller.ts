import { All, Controller, UseFilters, UseGuards } from '@nestjs/common';
import { ElmaError } from '../core/elma-error';
import { ElmaExceptionFilter } from './elma-exception.filter';
import { ElmaTokenGuard } from './elma-token.guard';

/** Any other path below the twin: the platform's 404 (after the token check, as the platform does). */
@Controller('sandbox/elma')
@UseGuards(ElmaTokenGuard)
@UseFilters(ElmaExceptionFilter)
export class ElmaNotFoundController {
  @All(['', '*path'])
  notFound(): never {
    throw ElmaError.notFound('path not found');
  }
}
