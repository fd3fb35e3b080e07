import { Catch, Logger, type ArgumentsHost } from '@nestjs/common';
import { ApiExceptionFilter } from '../common/api-exception.filter';
import { isStoreUnavailable } from '../store/store-unavailable';
import { authErrors } from './auth-errors';

/**
 * The one place the auth module turns a store it cannot use (unreachable, shut down, wiped) into a clean
 * 503 `service_unavailable` with a Russian message and `Retry-After`, instead of a 500: on every auth route,
 * the guard's session check included. Everything else goes on to the api's one error shape unchanged.
 */
@Catch()
export class AuthStoreFailureFilter extends ApiExceptionFilter {
  private readonly storeLogger = new Logger('AuthStore');

  override catch(exception: unknown, host: ArgumentsHost): void {
    if (!isStoreUnavailable(exception)) {
      super.catch(exception, host);
      return;
    }
    // The driver's message names the store's table or address, never a phone, code or token.
    const reason = exception instanceof Error ? exception.message : String(exception);
    this.storeLogger.error(`auth store unavailable: ${reason}`);
    super.catch(authErrors.storeUnavailable(), host);
  }
}
