/** An error answer in the platform's style: HTTP status plus `{success: false, error}`. */
export class ElmaError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 405 | 409 | 413 | 429 | 500,
    message: string,
  ) {
    super(message);
    this.name = 'ElmaError';
  }

  static badRequest(message: string): ElmaError {
    return new ElmaError(400, message);
  }

  static notFound(message: string): ElmaError {
    return new ElmaError(404, message);
  }
}

/** Formats zod issues as one readable line: `field: problem; other: problem`. */
export function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 10)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}
