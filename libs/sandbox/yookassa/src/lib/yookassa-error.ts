import { randomUUID } from 'node:crypto';

export type YookassaErrorCode =
  | 'invalid_request'
  | 'invalid_credentials'
  | 'forbidden'
  | 'not_found'
  | 'too_many_requests'
  | 'internal_server_error';

const STATUS: Record<YookassaErrorCode, number> = {
  invalid_request: 400,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  too_many_requests: 429,
  internal_server_error: 500,
};

/** YooKassa's error body. */
export interface YookassaErrorBody {
  type: 'error';
  id: string;
  code: YookassaErrorCode;
  description: string;
  parameter?: string;
}

/** An answer of the twin's API that is an error, as YooKassa gives it: the status follows from the code. */
export class YookassaError extends Error {
  readonly status: number;

  constructor(
    readonly code: YookassaErrorCode,
    readonly description: string,
    readonly parameter?: string,
  ) {
    super(description);
    this.name = 'YookassaError';
    this.status = STATUS[code];
  }

  body(): YookassaErrorBody {
    return {
      type: 'error',
      id: randomUUID(),
      code: this.code,
      description: this.description,
      ...(this.parameter === undefined ? {} : { parameter: this.parameter }),
    };
  }
}

export const invalidRequest = (description: string, parameter?: string) =>
  new YookassaError('invalid_request', description, parameter);
