import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The platform's token check: `Authorization: Bearer <token>` or `X-Token: <token>`; anything else is 403. */
@Injectable()
export class ElmaTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(ELMA_TWIN_OPTIONS) options: ResolvedElmaTwinOptions) {
    this.expected = digest(options.token);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const authorization = request.header('authorization') ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
    const token = bearer ?? request.header('x-token')?.trim();
    if (!token || !timingSafeEqual(digest(token), this.expected)) {
      throw new ElmaError(403, 'access denied: invalid or missing token');
    }
    return true;
  }
}
