import type { Clock } from '@fed/calendar';

/** Options of the DaData twin, given to `DadataTwinModule.forRoot`. */
export interface DadataTwinOptions {
  /** The API key callers must send as `Authorization: Token <key>`. */
  apiKey: string;
  /** Directory of the sandbox data; the dictionary lives in `dadata.sqlite` there. */
  dataDir: string;
  /** Requests per second allowed per key before 429 (default 30, DaData's documented suggestion limit). */
  rateLimitPerSecond?: number;
  /** The twin's clock (its per-second rate windows). Default the process clock. */
  clock?: Clock;
}

export const DADATA_TWIN_OPTIONS = Symbol('DADATA_TWIN_OPTIONS');

/** The key the sandbox uses when DADATA_TOKEN is not set: not a secret, it only guards the protocol. */
export const DADATA_SANDBOX_API_KEY = 'sandbox-dadata-api-key';

export const DEFAULT_DADATA_RATE_LIMIT_PER_SECOND = 30;
