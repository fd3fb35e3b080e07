import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseOr400 } from './field-errors';

/**
 * Validates a body (or a query value) with its contract schema, for every controller:
 * `@Body(new ZodBodyPipe(schema)) body: z.output<typeof schema>`. A bad value is a 400 `ApiError` with
 * Russian field errors; no service validates a request by hand.
 */
@Injectable()
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseOr400(this.schema, value ?? {});
  }
}
