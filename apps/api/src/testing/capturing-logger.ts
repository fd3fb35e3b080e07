import type { LoggerService } from '@nestjs/common';

/**
 * A Nest logger that keeps every line (level first, objects as JSON), so a test can assert what was logged and,
 * above all, that no code, token or phone number was.
 */
export class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];

  private push(level: string, message: unknown, rest: unknown[]) {
    const parts = [message, ...rest].map((part) => (typeof part === 'string' ? part : JSON.stringify(part)));
    this.lines.push(`${level} ${parts.join(' ')}`);
  }

  log(message: unknown, ...rest: unknown[]) {
    this.push('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.push('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.push('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.push('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.push('verbose', message, rest);
  }
}
